import { JOB_MESSAGES } from '@sim/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../src/db/client';
import { jobs } from '../src/db/schema/index';
import { claimNext, enqueue, findJob, finishJob, insertJob, recordProgress, requeueStale } from '../src/jobs/queue';
import { type JobHandler, type JobLogger, JobLostError } from '../src/jobs/types';
import { JobWorker, type WorkerOptions } from '../src/jobs/worker';
import { Invalid } from '../src/lib/errors';
import { buildCompany, buildUser, unique } from './factories';

/**
 * The job queue on the suite's database. Each test uses its own job kind, so the workers of one test
 * never see the jobs of another (a worker claims only the kinds it has handlers for).
 */

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function collectingLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, msg, obj });
    };
  const log: JobLogger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe('job queue', () => {
  let one: Database;
  let two: Database;
  let companyId: string;
  const workers: JobWorker<unknown>[] = [];

  beforeAll(async () => {
    one = connectDatabase(inject('databaseUrl'), 4);
    two = connectDatabase(inject('databaseUrl'), 4);
    ({ companyId } = await buildCompany(one));
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop(1000)));
    await one.close();
    await two.close();
  });

  /** A worker of one kind; no polling of its own in the test (pollMs of an hour): wake-ups, tick() and drain(). */
  function workerFor(
    kind: string,
    handler: JobHandler<unknown>,
    opts: Partial<WorkerOptions<unknown>> = {},
  ): JobWorker<unknown> {
    const w = new JobWorker<unknown>({
      db: one.db,
      deps: {},
      handlers: { [kind]: handler },
      log: collectingLog().log,
      pollMs: 3_600_000,
      ...opts,
    });
    workers.push(w);
    return w;
  }

  const queue = (kind: string, payload: Record<string, unknown> = {}) =>
    insertJob(one.db, { companyId, kind, payload, createdBy: null });

  const row = async (id: string) => {
    const r = await findJob(one.db, id);
    if (!r) throw new Error(`job ${id} is gone`);
    return r;
  };

  const statusesOf = async (kind: string) =>
    (await one.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, kind))).map((r) => r.status).sort();

  it('claims each queued job once when two connections race for it (FOR UPDATE SKIP LOCKED)', async () => {
    const kind = unique('test-race');
    const queued = await Promise.all(Array.from({ length: 20 }, (_, i) => queue(kind, { i })));
    const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => claimNext((i % 2 ? one : two).db, [kind])));
    const claimed = claims.filter((c) => c !== null);
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed.map((c) => c.id))).toEqual(new Set(queued.map((q) => q.id)));
    for (const c of claimed) expect(c).toMatchObject({ status: 'running', attempts: 1 });
    expect(await statusesOf(kind)).toEqual(Array(20).fill('running'));
    // another kind is never claimed
    const other = await queue(unique('test-other'));
    expect(await claimNext(one.db, [kind])).toBeNull();
    expect((await row(other.id)).status).toBe('queued');
    await one.db.delete(jobs).where(eq(jobs.id, other.id));
    for (const c of claimed) await finishJob(one.db, c, { status: 'done' });
  });

  it('skips a job whose row another transaction holds, without waiting for it (FOR UPDATE SKIP LOCKED)', async () => {
    const kind = unique('test-skip-locked');
    const older = await queue(kind, { n: 1 });
    const newer = await queue(kind, { n: 2 });
    const holder = await one.pool.connect();
    let claimed: Awaited<ReturnType<typeof claimNext>> = null;
    try {
      await holder.query('begin');
      await holder.query('select id from jobs where id = $1 for update', [older.id]);
      // with a plain FOR UPDATE these claims would wait for the holder, which commits only after them
      claimed = await claimNext(two.db, [kind]);
      expect(claimed?.id).toBe(newer.id);
      expect(await claimNext(two.db, [kind])).toBeNull();
      expect((await row(older.id)).status).toBe('queued');
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const later = await claimNext(two.db, [kind]);
    expect(later?.id).toBe(older.id);
    for (const c of [claimed, later]) if (c) await finishJob(one.db, c, { status: 'done' });
  });

  it('takes jobs in a fair turn: company by company, and in a company learner by learner (issue 32)', async () => {
    const kind = unique('test-fair-turn');
    const [a, other] = [await buildCompany(one), await buildCompany(one)];
    const [alex, blair] = [await buildUser(one, a), await buildUser(one, a)];
    // company A: a burst of 30 jobs of one learner, then 2 of another learner; company B: 3 jobs, queued last
    const burst: string[] = [];
    for (let i = 0; i < 30; i++)
      burst.push((await insertJob(one.db, { companyId: a.companyId, kind, payload: { i }, createdBy: alex.id })).id);
    const lines: string[] = [];
    for (let i = 0; i < 2; i++)
      lines.push((await insertJob(one.db, { companyId: a.companyId, kind, payload: {}, createdBy: blair.id })).id);
    const b: string[] = [];
    for (let i = 0; i < 3; i++)
      b.push((await insertJob(one.db, { companyId: other.companyId, kind, payload: { i }, createdBy: null })).id);

    const order: string[] = [];
    for (let job = await claimNext(one.db, [kind]); job; job = await claimNext(one.db, [kind])) {
      order.push(job.id);
      await finishJob(one.db, job, { status: 'done' });
    }
    expect(order).toHaveLength(35);
    // B's three jobs are taken in the first six claims (one of B's for one of A's), not after A's 32
    expect(Math.max(...b.map((id) => order.indexOf(id)))).toBeLessThan(6);
    // in company A, the second learner's two lines come among A's first four jobs, not after the burst
    const inA = order.filter((id) => !b.includes(id));
    expect(Math.max(...lines.map((id) => inA.indexOf(id)))).toBeLessThan(4);
    // one learner's own jobs keep their order
    expect(inA.filter((id) => burst.includes(id))).toEqual(burst);
  });

  it('shares the jobs between two workers on one database, each job run once', async () => {
    const kind = unique('test-two-workers');
    const runs: { worker: string; id: string }[] = [];
    const allStarted = deferred();
    const handler =
      (name: string): JobHandler<unknown> =>
      async ({ job }) => {
        runs.push({ worker: name, id: job.id });
        if (runs.length === 4) allStarted.resolve();
        await allStarted.promise; // the first four wait until four run at once: two per worker
        return { by: name };
      };
    const a = workerFor(kind, handler('a'), { concurrency: 2 });
    const b = workerFor(kind, handler('b'), { concurrency: 2, db: two.db });
    const queued = await Promise.all(Array.from({ length: 10 }, () => queue(kind)));
    a.start();
    b.start();
    await allStarted.promise;
    expect(runs.filter((r) => r.worker === 'a')).toHaveLength(2);
    expect(runs.filter((r) => r.worker === 'b')).toHaveLength(2);
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(queued.map((q) => q.id)));
    for (const q of queued) {
      const r = await row(q.id);
      expect(r).toMatchObject({ status: 'done', attempts: 1, error: null });
      expect(r.result).toEqual({ by: runs.find((x) => x.id === q.id)?.worker });
    }
    await a.stop();
    await b.stop();
  });

  it('records progress and the heartbeat while running, then the result', async () => {
    const kind = unique('test-progress');
    const seen: unknown[] = [];
    const w = workerFor(kind, async ({ job, progress }) => {
      await progress({ total: 3 });
      await progress({ done: 1 });
      await progress({ done: 2, failed: 1 });
      const r = await row(job.id);
      seen.push({ status: r.status, total: r.total, done: r.done, failed: r.failed, beat: r.heartbeatAt !== null });
      return { ok: true };
    });
    const job = await queue(kind);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, total: 0, done: 0, failed: 0 });
    w.start();
    await w.drain();
    expect(seen).toEqual([{ status: 'running', total: 3, done: 2, failed: 1, beat: true }]);
    const r = await row(job.id);
    expect(r).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1, error: null, result: { ok: true } });
    expect(r.startedAt).not.toBeNull();
    expect(r.finishedAt).not.toBeNull();
    await w.stop();
  });

  it("fails a job whose handler throws, with an AppError's message (a generic one otherwise); the next job runs", async () => {
    const kind = unique('test-fail');
    const { log, lines } = collectingLog();
    const w = workerFor(
      kind,
      async ({ job }) => {
        if (job.payload.how === 'app') throw Invalid('This line has nothing to say.');
        if (job.payload.how === 'bug') throw new TypeError('x is undefined');
        return { fine: true };
      },
      { log },
    );
    const app = await queue(kind, { how: 'app' });
    const bug = await queue(kind, { how: 'bug' });
    const fine = await queue(kind, { how: 'fine' });
    w.start();
    await w.drain();
    expect(await row(app.id)).toMatchObject({ status: 'failed', error: 'This line has nothing to say.', result: null });
    expect(await row(bug.id)).toMatchObject({ status: 'failed', error: JOB_MESSAGES.failed });
    expect((await row(bug.id)).finishedAt).not.toBeNull();
    expect(await row(fine.id)).toMatchObject({ status: 'done', result: { fine: true } });
    // the unexpected error is logged with its details, the expected one is not
    expect(lines.filter((l) => l.level === 'error').map((l) => (l.obj as { err: Error }).err.message)).toEqual([
      'x is undefined',
    ]);
    await w.stop();
  });

  it('is woken at once by a job queued in the same process (no polling needed)', async () => {
    const kind = unique('test-wake');
    const ran = deferred<string>();
    const w = workerFor(kind, async ({ job }) => {
      ran.resolve(job.id);
      return undefined;
    });
    w.start(); // polls once at start, then only every hour
    await w.tick();
    const job = await enqueue(one.db, { companyId, kind, payload: {}, createdBy: null });
    expect(await ran.promise).toBe(job.id);
    await w.drain();
    expect((await row(job.id)).status).toBe('done');
    await w.stop();
  });

  it('runs at most `concurrency` jobs at once', async () => {
    const kind = unique('test-concurrency');
    let active = 0;
    let most = 0;
    const twoRunning = deferred();
    const release = deferred();
    const w = workerFor(
      kind,
      async () => {
        active += 1;
        most = Math.max(most, active);
        if (active === 2) twoRunning.resolve();
        await release.promise;
        active -= 1;
        return undefined;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 5; i++) await queue(kind);
    w.start();
    await twoRunning.promise;
    await w.tick(); // a poll while two run claims nothing more
    expect(active).toBe(2);
    expect(w.runningIds).toHaveLength(2);
    expect(await statusesOf(kind)).toEqual(['queued', 'queued', 'queued', 'running', 'running']);
    release.resolve();
    await w.drain();
    expect(most).toBe(2);
    expect(await statusesOf(kind)).toEqual(Array(5).fill('done'));
    await w.stop();
  });

  it('takes back the jobs of a crashed instance (stale heartbeat) until the attempts run out', async () => {
    const kind = unique('test-stale');
    const ran: string[] = [];
    const w = workerFor(
      kind,
      async ({ job }) => {
        ran.push(job.id);
        return undefined;
      },
      { staleMs: 60_000, maxAttempts: 3 },
    );
    const insertRunning = async (attempts: number, beatSecondsAgo: number) => {
      const [r] = await one.db
        .insert(jobs)
        .values({
          companyId,
          kind,
          status: 'running',
          attempts,
          startedAt: sql`now() - interval '1 hour'`,
          heartbeatAt: sql`now() - (${beatSecondsAgo} * interval '1 second')`,
        })
        .returning();
      return r;
    };
    const crashed = await insertRunning(1, 600);
    const alive = await insertRunning(1, 5);
    const hopeless = await insertRunning(3, 600);
    w.start();
    await w.drain();
    expect(ran).toEqual([crashed.id]);
    expect(await row(crashed.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await row(alive.id)).toMatchObject({ status: 'running', attempts: 1, finishedAt: null });
    expect(await row(hopeless.id)).toMatchObject({ status: 'failed', attempts: 3, error: JOB_MESSAGES.stalled });
    await w.stop();
    await one.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, alive.id));
  });

  it('fences a run whose job was taken back: its progress and outcome are refused', async () => {
    const kind = unique('test-fence');
    const job = await queue(kind);
    const first = await claimNext(one.db, [kind]);
    expect(first?.id).toBe(job.id);
    await one.db.update(jobs).set({ heartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(jobs.id, job.id));
    const back = await requeueStale(one.db, { kinds: [kind], staleMs: 60_000, maxAttempts: 3, stalledMessage: 'x' });
    expect(back).toEqual({ requeued: [job.id], failed: [] });
    const second = await claimNext(two.db, [kind]);
    expect(second).toMatchObject({ id: job.id, attempts: 2 });
    if (!first || !second) throw new Error('not claimed');
    expect(await recordProgress(one.db, first, { done: 99 })).toBe(false);
    expect(await finishJob(one.db, first, { status: 'failed', error: 'late' })).toBe(false);
    expect(await recordProgress(two.db, second, { done: 1 })).toBe(true);
    expect(await finishJob(two.db, second, { status: 'done' })).toBe(true);
    expect(await row(job.id)).toMatchObject({ status: 'done', done: 1, error: null, attempts: 2 });
  });

  it('stops a run whose job was taken back (JobLostError) and lets the new run finish it', async () => {
    const kind = unique('test-lost');
    const outcomes: string[] = [];
    const w = workerFor(
      kind,
      async ({ job, progress }) => {
        if (job.attempts === 1) {
          // another instance sees this run as crashed and takes the job back
          await one.db.update(jobs).set({ heartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(jobs.id, job.id));
          await requeueStale(two.db, { kinds: [kind], staleMs: 60_000, maxAttempts: 3, stalledMessage: 'x' });
          try {
            await progress({ done: 1 });
          } catch (err) {
            outcomes.push(err instanceof JobLostError ? 'lost' : 'other');
            throw err;
          }
        }
        outcomes.push(`ran ${job.attempts}`);
        return { attempt: job.attempts };
      },
      { concurrency: 1 },
    );
    const job = await queue(kind);
    w.start();
    await w.drain();
    expect(outcomes).toEqual(['lost', 'ran 2']);
    expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 2, result: { attempt: 2 } });
  });

  describe('graceful stop', () => {
    it('waits for the running job to end before resolving', async () => {
      const kind = unique('test-stop-wait');
      const started = deferred();
      const release = deferred();
      const w = workerFor(kind, async () => {
        started.resolve();
        await release.promise; // ignores the stop signal: runs to its end
        return { finished: true };
      });
      const job = await queue(kind);
      w.start();
      await started.promise;
      let stopped = false;
      const stopping = w.stop(30_000).then((ended) => {
        stopped = true;
        return ended;
      });
      await w.tick(); // stopped: claims nothing
      expect(stopped).toBe(false);
      expect((await row(job.id)).status).toBe('running');
      release.resolve();
      expect(await stopping).toBe(true);
      expect(await row(job.id)).toMatchObject({ status: 'done', result: { finished: true } });
    });

    it('puts a job that stops on the signal back in the queue with its progress; the next start resumes it', async () => {
      const kind = unique('test-stop-resume');
      const firstItem = deferred();
      const release = deferred();
      const items: string[] = [];
      const w = workerFor(kind, async ({ job, signal, progress }) => {
        for (let i = job.done; i < 3; i++) {
          signal.throwIfAborted();
          items.push(`item ${i} (attempt ${job.attempts})`);
          if (i === 0) {
            firstItem.resolve();
            await release.promise;
          }
          await progress({ total: 3, done: i + 1 });
        }
        return undefined;
      });
      const job = await queue(kind);
      w.start();
      await firstItem.promise;
      const stopping = w.stop(30_000);
      release.resolve();
      expect(await stopping).toBe(true);
      expect(await row(job.id)).toMatchObject({ status: 'queued', attempts: 0, done: 1, total: 3, finishedAt: null });
      w.start();
      await w.drain();
      // the first run did item 0 and stopped before item 1; the second (attempt 1 again: a stop is no attempt) did the rest
      expect(items).toEqual(['item 0 (attempt 1)', 'item 1 (attempt 1)', 'item 2 (attempt 1)']);
      expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1, done: 3 });
    });

    it('gives up waiting after its bound and leaves the job running for a later sweep', async () => {
      const kind = unique('test-stop-bound');
      const started = deferred();
      const release = deferred();
      const w = workerFor(kind, async () => {
        started.resolve();
        await release.promise;
        return undefined;
      });
      const job = await queue(kind);
      w.start();
      await started.promise;
      expect(await w.stop(50)).toBe(false);
      expect((await row(job.id)).status).toBe('running');
      release.resolve();
      expect(await w.stop(30_000)).toBe(true);
      expect((await row(job.id)).status).toBe('done');
    });
  });

  it('keeps no job of these tests queued or running', async () => {
    const left = await one.db
      .select({ id: jobs.id, kind: jobs.kind, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), sql`${jobs.status} in ('queued', 'running')`));
    expect(left).toEqual([]);
  });
});
