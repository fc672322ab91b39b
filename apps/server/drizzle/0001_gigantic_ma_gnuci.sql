CREATE TABLE "sim_characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"voice" text NOT NULL,
	"avatar" text DEFAULT 'avatar-1' NOT NULL,
	"masked_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_characters_type_chk" CHECK ("sim_characters"."type" in ('coach', 'agent', 'customer', 'other'))
);
--> statement-breakpoint
CREATE TABLE "sim_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"hint_text" boolean DEFAULT false NOT NULL,
	"keyword_score" boolean DEFAULT false NOT NULL,
	"real_time_feedback" boolean DEFAULT false NOT NULL,
	"send_to_snowfly" boolean DEFAULT false NOT NULL,
	"screen_recording" boolean DEFAULT false NOT NULL,
	"only_keywords" boolean DEFAULT false NOT NULL,
	"sim_generated" boolean DEFAULT false NOT NULL,
	"remove_coach" boolean DEFAULT false NOT NULL,
	"convert_agent" boolean DEFAULT false NOT NULL,
	"remove_agent" boolean DEFAULT false NOT NULL,
	"auto_populate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_pass_fail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"sim_level_id" uuid NOT NULL,
	"threshold_keyword_accuracy" double precision,
	"threshold_typing_accuracy" double precision,
	"threshold_data_selection_accuracy" double precision,
	"threshold_overall_accuracy" double precision,
	"disable_threshold_keyword_accuracy" boolean DEFAULT false NOT NULL,
	"disable_threshold_typing_accuracy" boolean DEFAULT false NOT NULL,
	"disable_threshold_data_selection_accuracy" boolean DEFAULT false NOT NULL,
	"disable_threshold_overall_accuracy" boolean DEFAULT false NOT NULL,
	"allow_skip_levels" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'set' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_pass_fail_sim_uq" UNIQUE("sim_id")
);
--> statement-breakpoint
CREATE TABLE "sim_scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"sim_level_id" uuid NOT NULL,
	"sim_character_id" uuid,
	"script" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hint_text" text DEFAULT '' NOT NULL,
	"hide_text" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 1 NOT NULL,
	"audio_key" text,
	"audio_source" text,
	"voice" text,
	"agent_recorded_audio" boolean DEFAULT false NOT NULL,
	"agent_recorded_key" text,
	"real_time_feedback" boolean DEFAULT false NOT NULL,
	"natural_lenguage" boolean DEFAULT false NOT NULL,
	"autopopulate_timer" integer,
	"autopopulate_data" jsonb,
	"overal_confidence" integer DEFAULT 60 NOT NULL,
	"last_try_out" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_scripts_audio_source_chk" CHECK ("sim_scripts"."audio_source" is null or "sim_scripts"."audio_source" in ('generated', 'recorded'))
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brief_description" text DEFAULT '' NOT NULL,
	"admin_note" text DEFAULT '' NOT NULL,
	"product_id" uuid NOT NULL,
	"sim_type" text DEFAULT 'training' NOT NULL,
	"call_type" text DEFAULT 'Physician Referral' NOT NULL,
	"auto_populate" boolean DEFAULT false NOT NULL,
	"real_time_feedback" boolean DEFAULT false NOT NULL,
	"natural_lenguage" boolean DEFAULT false NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"hot_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active_step" integer DEFAULT 0 NOT NULL,
	"is_pass_fail_criteria_set" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sims_sim_type_chk" CHECK ("sims"."sim_type" in ('hiring', 'training'))
);
--> statement-breakpoint
ALTER TABLE "sim_characters" ADD CONSTRAINT "sim_characters_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_levels" ADD CONSTRAINT "sim_levels_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_pass_fail" ADD CONSTRAINT "sim_pass_fail_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_pass_fail" ADD CONSTRAINT "sim_pass_fail_sim_level_id_sim_levels_id_fk" FOREIGN KEY ("sim_level_id") REFERENCES "public"."sim_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_scripts" ADD CONSTRAINT "sim_scripts_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_scripts" ADD CONSTRAINT "sim_scripts_sim_level_id_sim_levels_id_fk" FOREIGN KEY ("sim_level_id") REFERENCES "public"."sim_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_scripts" ADD CONSTRAINT "sim_scripts_sim_character_id_sim_characters_id_fk" FOREIGN KEY ("sim_character_id") REFERENCES "public"."sim_characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_product_id_tools_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_characters_sim_type_uq" ON "sim_characters" USING btree ("sim_id","type");--> statement-breakpoint
CREATE INDEX "sim_levels_sim_idx" ON "sim_levels" USING btree ("sim_id","sort_order");--> statement-breakpoint
CREATE INDEX "sim_pass_fail_level_idx" ON "sim_pass_fail" USING btree ("sim_level_id");--> statement-breakpoint
CREATE INDEX "sim_scripts_level_idx" ON "sim_scripts" USING btree ("sim_level_id","sort_order");--> statement-breakpoint
CREATE INDEX "sim_scripts_sim_idx" ON "sim_scripts" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "sim_scripts_character_idx" ON "sim_scripts" USING btree ("sim_character_id");--> statement-breakpoint
CREATE INDEX "sims_company_active_idx" ON "sims" USING btree ("company_id","updated_at") WHERE "sims"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sims_company_trash_idx" ON "sims" USING btree ("company_id","deleted_at") WHERE "sims"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "sims_product_idx" ON "sims" USING btree ("product_id");