CREATE TABLE "speaker_adaptations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"mllr" text NOT NULL,
	"recordings" integer NOT NULL,
	"lines_seen" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speaker_adaptations_counts_chk" CHECK ("speaker_adaptations"."recordings" > 0 and "speaker_adaptations"."lines_seen" >= "speaker_adaptations"."recordings")
);
--> statement-breakpoint
ALTER TABLE "speaker_adaptations" ADD CONSTRAINT "speaker_adaptations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_adaptations" ADD CONSTRAINT "speaker_adaptations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speaker_adaptations_company_idx" ON "speaker_adaptations" USING btree ("company_id");