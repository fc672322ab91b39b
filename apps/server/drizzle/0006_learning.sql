CREATE TABLE "assignment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"pass_or_fail" text NOT NULL,
	"review_comments" text DEFAULT '' NOT NULL,
	"reviewed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_reviews_pass_chk" CHECK ("assignment_reviews"."pass_or_fail" in ('PASS', 'NO PASS'))
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"sim_id" uuid NOT NULL,
	"tool_id" uuid,
	"assigned_to_id" uuid NOT NULL,
	"assigned_by_id" uuid,
	"group_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'NOT STARTED' NOT NULL,
	"review_comments" text DEFAULT '' NOT NULL,
	"reviewer_id" uuid,
	"start_date" timestamp with time zone,
	"completed_on" timestamp with time zone,
	"send_for_review_date" timestamp with time zone,
	"date_of_review" timestamp with time zone,
	"completed_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_status_chk" CHECK ("assignments"."status" in ('NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'))
);
--> statement-breakpoint
CREATE TABLE "attempt_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"sim_script_id" uuid NOT NULL,
	"audio_key" text,
	"live_transcript" text DEFAULT '' NOT NULL,
	"transcription" text DEFAULT '' NOT NULL,
	"correct_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missed_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tests_matched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missed_tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade_score" double precision DEFAULT 0 NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"recorded_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_lines_status_chk" CHECK ("attempt_lines"."status" in ('Pending', 'Completed', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sim_id" uuid NOT NULL,
	"sim_level_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"active_index" integer DEFAULT 0 NOT NULL,
	"without_coach" boolean DEFAULT false NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"wrap_seconds" integer DEFAULT 0 NOT NULL,
	"exit_or_restart" boolean DEFAULT false NOT NULL,
	"keyword_accuracy" double precision,
	"typing_accuracy" double precision,
	"data_selection_accuracy" double precision,
	"overall_percentage" double precision,
	"correct_entries" integer DEFAULT 0 NOT NULL,
	"total_entries" integer DEFAULT 0 NOT NULL,
	"correct_selections" integer DEFAULT 0 NOT NULL,
	"total_selections" integer DEFAULT 0 NOT NULL,
	"inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assessor_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_mode_chk" CHECK ("attempts"."mode" in ('practice', 'autoplay')),
	CONSTRAINT "attempts_status_chk" CHECK ("attempts"."status" in ('started', 'completed', 'exited'))
);
--> statement-breakpoint
CREATE TABLE "class_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sim_id" uuid,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_reviews" ADD CONSTRAINT "assignment_reviews_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reviews" ADD CONSTRAINT "assignment_reviews_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_lines" ADD CONSTRAINT "attempt_lines_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_lines" ADD CONSTRAINT "attempt_lines_sim_script_id_sim_scripts_id_fk" FOREIGN KEY ("sim_script_id") REFERENCES "public"."sim_scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sim_level_id_sim_levels_id_fk" FOREIGN KEY ("sim_level_id") REFERENCES "public"."sim_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_reviews_assignment_idx" ON "assignment_reviews" USING btree ("assignment_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_company_idx" ON "assignments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_user_idx" ON "assignments" USING btree ("assigned_to_id","status");--> statement-breakpoint
CREATE INDEX "assignments_sim_idx" ON "assignments" USING btree ("sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_lines_attempt_script_uq" ON "attempt_lines" USING btree ("attempt_id","sim_script_id");--> statement-breakpoint
CREATE INDEX "attempt_lines_script_idx" ON "attempt_lines" USING btree ("sim_script_id");--> statement-breakpoint
CREATE INDEX "attempts_assignment_idx" ON "attempts" USING btree ("assignment_id","sim_level_id","created_at");--> statement-breakpoint
CREATE INDEX "attempts_user_level_idx" ON "attempts" USING btree ("user_id","sim_level_id","created_at");--> statement-breakpoint
CREATE INDEX "attempts_company_idx" ON "attempts" USING btree ("company_id","completed_at");--> statement-breakpoint
CREATE INDEX "class_notes_user_idx" ON "class_notes" USING btree ("user_id","updated_at");