import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobs } from '../db/schema/index';
import type { JobProgress, JobRow } from './types';

/**
 * The job queue in PostgreSQL (ARCHITECTURE.md "Background work"). Times come from the database's
 * clock, so instances with drifting clocks agree on which heartbeat is stale. A run holds its job by
 * (id, attempts): every write of a run is fenced on both, so a run whose job was requeued after a stale
 * heartbeat cannot overwrite the newer run's progress or outcome.
 */

export interface NewJob {
  companyId: string;
  kind: string;
  payload: Record<string, unknown>;
  createdBy: string | null;
  /** known size of the work, shown before the job starts */
  total?: number;
}

const wakeListeners = new Set<() => void>();

/** Workers of this process are told at once of a new job (other instances find it by polling). */
export function onEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

export function wakeWorkers(): void {
  for (const listener of wakeListeners) listener();
}

/** Inserts a queued job; inside a transaction, call wakeWorkers() after the commit. */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      companyId: job.companyId,
      kind: job.kind,
      payload: job.payload,
      createdBy: job.createdBy,
      total: job.total ?? 0,
    })
    .returning();
  return row;
}

/**
 * Inserts a job already claimed by this instance (running, first attempt), for work that must start as
 * soon as the transaction commits: after the commit, `runClaimedHere` hands it to this app's worker. No
 * other worker can take it meanwhile; if this instance dies first, a worker's stale-heartbeat sweep puts
 * it back in the queue.
 */
export async function insertClaimedJob(db: DbOrTx, job: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      companyId: job.companyId,
      kind: job.kind,
      payload: job.payload,
      createdBy: job.createdBy,
      total: job.total ?? 0,
      status: 'running',
      attempts: 1,
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .returning();
  return row;
}

type ClaimedRunner = (job: JobRow) => void;
const claimedRunners = new WeakMap<object, ClaimedRunner>();

/** The app whose dependencies are `owner` runs here the jobs its requests claimed (jobs/plugin.ts). */
export function onClaimedHere(owner: object, run: ClaimedRunner): () => void {
  claimedRunners.set(owner, run);
  return () => {
    if (claimedRunners.get(owner) === run) claimedRunners.delete(owner);
  };
}

/**
 * After the commit: hands jobs made by `insertClaimedJob` to the worker of the app whose dependencies are
 * `owner` (the caller does not wait for them). Without one (a command-line tool), they wait for a
 * worker's stale-heartbeat sweep.
 */
export function runClaimedHere(owner: object, claimed: readonly JobRow[]): void {
  const run = claimedRunners.get(owner);
  if (run) for (const job of claimed) run(job);
}

/** Queues a job and wakes the workers of this process. */
export async function enqueue(db: DbOrTx, job: NewJob): Promise<JobRow> {
  const row = await insertJob(db, job);
  wakeWorkers();
  return row;
}

/** A queued job of the given kinds that is due: no `run_after`, or past it. */
function dueSql(kinds: readonly string[]) {
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`status = 'queued' and kind in (${list}) and (run_after is null or run_after <= now())`;
}

/** Marks the job the subquery `next` picks as running (attempts + 1), if it is still queued. */
function claimWith(db: DbOrTx, next: ReturnType<typeof sql>) {
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .where(and(sql`${jobs.id} = ${next}`, eq(jobs.status, 'queued')))
    .returning();
}

/**
 * The fair turn (issue 32): each learner's (`created_by`; the company's own jobs are one more) oldest due job
 * is a candidate; the one of the company whose last job started longest ago (or never) goes first, and in it
 * the learner's whose last job started longest ago. One company's burst of 500 jobs then takes turns with
 * another company's 5 instead of going before them, and inside a company one learner's burst with another
 * learner's lines. The last starts are one index look-up per candidate (jobs_company_started_idx,
 * jobs_learner_started_idx); the candidates and their turns are materialized, so the plan does not depend on
 * the table's statistics. FOR UPDATE SKIP LOCKED: two workers never take the same job nor wait on each other.
 */
function fairClaim(db: DbOrTx, kinds: readonly string[]) {
  return claimWith(
    db,
    sql`(
    with heads as materialized (
      select distinct on (company_id, created_by) id, company_id, created_by, created_at from ${jobs}
      where ${dueSql(kinds)}
      order by company_id, created_by, created_at, id
    ),
    turns as materialized (
      select h.id, h.created_at,
        (select max(s.started_at) from ${jobs} s where s.company_id = h.company_id) as company_served,
        case when h.created_by is null
          then (select max(s.started_at) from ${jobs} s where s.company_id = h.company_id and s.created_by is null)
          else (select max(s.started_at) from ${jobs} s where s.company_id = h.company_id and s.created_by = h.created_by)
        end as learner_served
      from heads h
    )
    select j.id from ${jobs} j join turns t on t.id = j.id
    where j.status = 'queued'
    order by t.company_served asc nulls first, t.learner_served asc nulls first, t.created_at, t.id
    limit 1
    for update of j skip locked
  )`,
  );
}

/**
 * The oldest due job, for when every candidate of the fair turn is held by another worker's claim (one
 * learner's backlog shared by several workers): SKIP LOCKED passes over the held ones.
 */
function oldestClaim(db: DbOrTx, kinds: readonly string[]) {
  return claimWith(
    db,
    sql`(select id from ${jobs} where ${dueSql(kinds)} order by created_at, id limit 1 for update skip locked)`,
  );
}

/** Claims the next queued job of the given kinds in its fair turn (running, attempts + 1), or null when there is none. */
export async function claimNext(db: DbOrTx, kinds: readonly string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const [fair] = await fairClaim(db, kinds);
  if (fair) return fair;
  const [oldest] = await oldestClaim(db, kinds);
  return oldest ?? null;
}

const held = (job: Pick<JobRow, 'id' | 'attempts'>) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

/** Records progress (and the heartbeat); false when the run no longer holds the job. */
export async function recordProgress(db: DbOrTx, job: JobRow, update: JobProgress): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...update, heartbeatAt: sql`now()` })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The heartbeat alone, while a long item runs. */
export function heartbeat(db: DbOrTx, job: JobRow): Promise<boolean> {
  return recordProgress(db, job, {});
}

export async function finishJob(
  db: DbOrTx,
  job: JobRow,
  outcome: { status: 'done'; result?: Record<string, unknown> } | { status: 'failed'; error: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: outcome.status,
      result: outcome.status === 'done' ? (outcome.result ?? null) : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      finishedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts a job whose run failed back in the queue, to be claimed again after `delayMs` (the failed run
 * counts as an attempt); false when the run no longer holds the job.
 */
export async function retryJob(db: DbOrTx, job: JobRow, delayMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAfter: sql`now() + (${Math.max(0, Math.round(delayMs))} * interval '1 millisecond')`,
      heartbeatAt: null,
      startedAt: null,
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts a job interrupted by a stopping worker back in the queue; the interruption is not an attempt. */
export async function releaseJob(db: DbOrTx, job: JobRow): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, heartbeatAt: null, startedAt: null })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Jobs of the given kinds whose run stopped sending heartbeats (its instance crashed or hangs): back to
 * the queue while attempts remain, else failed with `stalledMessage`. Answers the ids of each.
 */
export async function requeueStale(
  db: DbOrTx,
  opts: { kinds: readonly string[]; staleMs: number; maxAttempts: number; stalledMessage: string },
): Promise<{ requeued: string[]; failed: string[] }> {
  if (opts.kinds.length === 0) return { requeued: [], failed: [] };
  const stale = and(
    eq(jobs.status, 'running'),
    inArray(jobs.kind, [...opts.kinds]),
    sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt}) < now() - (${opts.staleMs} * interval '1 millisecond')`,
  );
  const requeued = await db
    .update(jobs)
    .set({ status: 'queued', heartbeatAt: null, startedAt: null })
    .where(and(stale, lt(jobs.attempts, opts.maxAttempts)))
    .returning({ id: jobs.id });
  const failed = await db
    .update(jobs)
    .set({ status: 'failed', error: opts.stalledMessage, finishedAt: sql`now()` })
    .where(stale)
    .returning({ id: jobs.id });
  return { requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) };
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}
