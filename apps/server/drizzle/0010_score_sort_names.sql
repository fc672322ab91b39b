CREATE INDEX "attempts_done_typing_desc_idx" ON "attempts" USING btree ("company_id","typing_accuracy" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_typing_asc_idx" ON "attempts" USING btree ("company_id","typing_accuracy","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_data_desc_idx" ON "attempts" USING btree ("company_id","data_selection_accuracy" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_data_asc_idx" ON "attempts" USING btree ("company_id","data_selection_accuracy","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_overall_desc_idx" ON "attempts" USING btree ("company_id","overall_percentage" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_overall_asc_idx" ON "attempts" USING btree ("company_id","overall_percentage","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_total_idx" ON "attempts" USING btree ("company_id","total_seconds","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_wrap_idx" ON "attempts" USING btree ("company_id","wrap_seconds","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "attempts_done_started_idx" ON "attempts" USING btree ("company_id","created_at","id") WHERE "attempts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "sims_company_title_idx" ON "sims" USING btree ("company_id",lower("title")) WHERE "sims"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_id",lower(trim("first_name" || ' ' || "last_name"))) WHERE "users"."deleted_at" is null;