CREATE TABLE "screen_recording_files" (
	"attempt_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"total_chunks" integer NOT NULL,
	"file_type" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_recording_files_attempt_id_file_name_pk" PRIMARY KEY("attempt_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "screen_recording_parts" (
	"attempt_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"chunk_number" integer NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_recording_parts_attempt_id_file_name_chunk_number_pk" PRIMARY KEY("attempt_id","file_name","chunk_number"),
	CONSTRAINT "screen_recording_parts_chunk_chk" CHECK ("screen_recording_parts"."chunk_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "screen_recording_videos" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"sources" jsonb NOT NULL,
	"stamps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_seconds" double precision NOT NULL,
	"job_id" uuid,
	"error" text,
	"blob_key" text,
	"size" bigint,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"built_at" timestamp with time zone,
	"saved_on" timestamp with time zone,
	"marked_best_practice_on" timestamp with time zone,
	CONSTRAINT "screen_recording_videos_status_chk" CHECK ("screen_recording_videos"."status" in ('processing', 'saved', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "screen_recording_retention_days" integer;--> statement-breakpoint
ALTER TABLE "screen_recording_files" ADD CONSTRAINT "screen_recording_files_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_recording_files" ADD CONSTRAINT "screen_recording_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_recording_parts" ADD CONSTRAINT "screen_recording_parts_file_fk" FOREIGN KEY ("attempt_id","file_name") REFERENCES "public"."screen_recording_files"("attempt_id","file_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_recording_videos" ADD CONSTRAINT "screen_recording_videos_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_recording_videos" ADD CONSTRAINT "screen_recording_videos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_recording_videos" ADD CONSTRAINT "screen_recording_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_recording_files_company_idx" ON "screen_recording_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "screen_recording_videos_company_idx" ON "screen_recording_videos" USING btree ("company_id","created_at");