/**
 * Today's queue, the server's own code: insertJob / wakeWorkers (jobs/queue.ts) to enqueue and JobWorker
 * (jobs/worker.ts: claimNext with FOR UPDATE SKIP LOCKED, heartbeats, the stale sweep) to run, on a
 * database migrated by the server's migrations.
 */
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../../apps/server/src/db/client';
import { runMigrations } from '../../../apps/server/src/db/migrate';
import { companies } from '../../../apps/server/src/db/schema/index';
import { insertJob, wakeWorkers } from '../../../apps/server/src/jobs/queue';
import type { JobLogger } from '../../../apps/server/src/jobs/types';
import { JobWorker, WORKER_DEFAULTS } from '../../../apps/server/src/jobs/worker';
import type { BenchPayload, Company, NewBenchJob, QueueSystem, Role } from './types';

const KIND = 'bench';

/**
 * wake: jobs queued in the workers' own process (enqueue() wakes them at once); poll: jobs queued by
 * another process or instance, found by the poll; takeover: poll, with a short stale-heartbeat limit.
 */
export const OURS_VARIANTS = {
  wake: { wake: true, worker: {} },
  poll: { wake: false, worker: {} },
  takeover: { wake: false, worker: { heartbeatMs: 5000, staleMs: 10_000 } },
} as const;
export type OursVariant = keyof typeof OURS_VARIANTS;

export const OURS_DEFAULTS = WORKER_DEFAULTS;

const quiet: JobLogger = {
  info: () => {},
  warn: () => {},
  error: (obj, msg) => console.error(msg, obj),
};

export async function openOurs(url: string, variant: OursVariant, role: Role): Promise<QueueSystem> {
  const settings = OURS_VARIANTS[variant];
  const database = connectDatabase(url, 4);
  const { db } = database;
  if (role === 'bench') {
    await runMigrations(database);
    const have = await db.select({ id: companies.id }).from(companies).limit(2);
    if (have.length < 2) await db.insert(companies).values([{ name: 'Bench A' }, { name: 'Bench B' }]);
  }
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const companyId = (c: Company) => rows.find((r) => r.name === `Bench ${c}`)?.id ?? '';
  return {
    async enqueue(jobs) {
      const insert = (tx: Parameters<typeof insertJob>[0], { company, ...payload }: NewBenchJob) =>
        insertJob(tx, { companyId: companyId(company), kind: KIND, payload: { ...payload }, createdBy: null });
      // one job: one statement (as enqueue() in a request); more: one transaction
      if (jobs.length === 1) await insert(db, jobs[0]);
      else
        await db.transaction(async (tx) => {
          for (const job of jobs) await insert(tx, job);
        });
      if (settings.wake) wakeWorkers();
    },
    async startPool(opts) {
      const worker = new JobWorker<Record<string, never>>({
        db,
        deps: {},
        log: quiet,
        concurrency: opts.concurrency,
        ...settings.worker,
        handlers: {
          [KIND]: async ({ job }) => {
            const payload = job.payload as unknown as BenchPayload;
            opts.onStart(payload);
            if (payload.holdMs) await new Promise((resolve) => setTimeout(resolve, payload.holdMs));
            opts.onEnd(payload);
            return undefined;
          },
        },
      });
      worker.start();
      return { stop: async () => void (await worker.stop(2000)) };
    },
    async unfinished() {
      const result = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from jobs where status in ('queued', 'running')`,
      );
      return result.rows[0].n;
    },
    async reset() {
      await db.execute(sql`delete from jobs`);
    },
    close: () => database.close(),
  };
}
