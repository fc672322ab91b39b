ALTER TABLE "attempt_lines" ADD COLUMN "words" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_lines" ADD COLUMN "graded_from" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "send_to_snowfly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "snowfly_id" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "snowfly_status" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "snowfly_error" text;--> statement-breakpoint
ALTER TABLE "attempt_lines" ADD CONSTRAINT "attempt_lines_graded_from_chk" CHECK ("attempt_lines"."graded_from" in ('stream', 'upload'));--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_snowfly_status_chk" CHECK ("attempts"."snowfly_status" in ('queued', 'sent', 'failed'));