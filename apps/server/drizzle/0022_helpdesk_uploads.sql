-- Issue 32: helpdesk uploads not attached to a ticket yet (modules/helpdesk/uploads.ts). A row is written
-- before the presigned PUT stores the file (counted against the user's quota of unattached uploads) and
-- removed by the transaction that attaches it; one older than the grace period is swept, file then row.
CREATE TABLE "helpdesk_uploads" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "helpdesk_uploads_user_idx" ON "helpdesk_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_uploads_created_idx" ON "helpdesk_uploads" USING btree ("created_at");