-- Issue 32: the job claim's fair turn (jobs/queue.ts claimStatement) looks up the last start of a company, and
-- of a learner in it, among the jobs that wait: one index look-up each.
CREATE INDEX "jobs_company_started_idx" ON "jobs" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "jobs_learner_started_idx" ON "jobs" USING btree ("company_id","created_by","started_at");