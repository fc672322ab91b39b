CREATE TABLE "helpdesk_ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"blob_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"file_size" bigint NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_ticket_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"action" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_ticket_entries_action_chk" CHECK ("helpdesk_ticket_entries"."action" in ('create', 'reply', 'status', 'assign'))
);
--> statement-breakpoint
CREATE TABLE "helpdesk_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_by_id" uuid,
	"assigned_to_id" uuid,
	"message" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"sim_id" uuid,
	"sim_level_id" uuid,
	"sim_script_id" uuid,
	"assignment_id" uuid,
	"attempt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_tickets_status_chk" CHECK ("helpdesk_tickets"."status" in ('PENDING', 'IN PROGRESS', 'RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED'))
);
--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_attachments" ADD CONSTRAINT "helpdesk_ticket_attachments_ticket_id_helpdesk_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_attachments" ADD CONSTRAINT "helpdesk_ticket_attachments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_entries" ADD CONSTRAINT "helpdesk_ticket_entries_ticket_id_helpdesk_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_entries" ADD CONSTRAINT "helpdesk_ticket_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_sim_level_id_sim_levels_id_fk" FOREIGN KEY ("sim_level_id") REFERENCES "public"."sim_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_sim_script_id_sim_scripts_id_fk" FOREIGN KEY ("sim_script_id") REFERENCES "public"."sim_scripts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD CONSTRAINT "helpdesk_tickets_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_ticket_attachments_key_uq" ON "helpdesk_ticket_attachments" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_attachments_ticket_idx" ON "helpdesk_ticket_attachments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_entries_ticket_idx" ON "helpdesk_ticket_entries" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_tickets_company_number_uq" ON "helpdesk_tickets" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_company_created_idx" ON "helpdesk_tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_creator_idx" ON "helpdesk_tickets" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_assignee_idx" ON "helpdesk_tickets" USING btree ("assigned_to_id");