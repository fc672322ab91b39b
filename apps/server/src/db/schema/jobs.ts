import type { TJobStatus } from '@sim/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Background jobs (bulk voice generation...): the queue lives in the database so it survives restarts
 * and is shared by instances; a worker claims a queued job with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').$type<TJobStatus>().notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** a queued job is not claimed before this time (a retry after a failure waits); null: at once */
    runAfter: timestamp('run_after', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_queue_idx').on(t.status, t.createdAt),
    index('jobs_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
    // the claim's fair turn (jobs/queue.ts): the last start of a company, and of a learner in it
    index('jobs_company_started_idx').on(t.companyId, t.startedAt),
    index('jobs_learner_started_idx').on(t.companyId, t.createdBy, t.startedAt),
    check('jobs_status_chk', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
