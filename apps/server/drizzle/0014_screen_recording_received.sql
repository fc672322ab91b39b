ALTER TABLE "screen_recording_files" ADD COLUMN "received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "screen_recording_files" f SET "received" = (
  SELECT count(*) FROM "screen_recording_parts" p WHERE p."attempt_id" = f."attempt_id" AND p."file_name" = f."file_name"
);
