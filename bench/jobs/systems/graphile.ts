/**
 * graphile-worker: jobs added with WorkerUtils.addJob(s), run by run() with a task list. New jobs wake the
 * pool through LISTEN/NOTIFY (always on), with a poll every `pollInterval` (2 s) besides. A locked job
 * of a dead worker is released after 4 hours (fixed in its SQL); forceUnlockWorkers() releases it at once
 * for a worker the caller knows is dead.
 */
import { Logger, makeWorkerUtils, run, runMigrations } from 'graphile-worker';
import pg from 'pg';
import type { BenchPayload, Company, QueueSystem, Role } from './types';

/** default: one FIFO (priority, run_at, id); queues: a named job queue per company (one job at a time each) */
export const GRAPHILE_VARIANTS = {
  default: { queueName: (_c: Company): string | undefined => undefined },
  queues: { queueName: (c: Company): string | undefined => `company-${c}` },
} as const;
export type GraphileVariant = keyof typeof GRAPHILE_VARIANTS;

/** pool size: graphile-worker asks for concurrency + 2 at least; the rest is left at its defaults */
const MAX_POOL = 4;

const logger = new Logger(() => (level, message) => {
  if (String(level) === 'error') console.error(`graphile-worker: ${message}`);
});

export interface GraphileSystem extends QueueSystem {
  /** releases the jobs locked by workers that hold a lock now (called when they are known dead) */
  forceUnlockHolders(): Promise<string[]>;
}

export async function openGraphile(url: string, variant: GraphileVariant, role: Role): Promise<GraphileSystem> {
  const { queueName } = GRAPHILE_VARIANTS[variant];
  if (role === 'bench') await runMigrations({ connectionString: url, logger });
  const pool = new pg.Pool({ connectionString: url, max: MAX_POOL });
  // a dropped client: the pool replaces it (graphile-worker asks for both handlers)
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const utils = await makeWorkerUtils({ pgPool: pool, logger });
  const count = async () =>
    (await pool.query<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs')).rows[0].n;
  return {
    async enqueue(jobs) {
      const spec = ({ company, ...payload }: (typeof jobs)[number]) => ({
        identifier: 'bench',
        payload,
        queueName: queueName(company),
      });
      if (jobs.length === 1) {
        const { identifier, payload, queueName } = spec(jobs[0]);
        await utils.addJob(identifier, payload, { queueName });
      } else await utils.addJobs(jobs.map(spec));
    },
    async startPool(opts) {
      const runner = await run({
        connectionString: url,
        maxPoolSize: MAX_POOL,
        concurrency: opts.concurrency,
        noHandleSignals: true,
        logger,
        crontab: '',
        taskList: {
          bench: async (raw) => {
            const payload = raw as BenchPayload;
            opts.onStart(payload);
            if (payload.holdMs) await new Promise((resolve) => setTimeout(resolve, payload.holdMs));
            opts.onEnd(payload);
          },
        },
      });
      return { stop: () => runner.stop() };
    },
    unfinished: count,
    async reset() {
      await pool.query('delete from graphile_worker._private_jobs');
      await pool.query('delete from graphile_worker._private_job_queues');
    },
    async forceUnlockHolders() {
      const { rows } = await pool.query<{ locked_by: string }>(
        'select distinct locked_by from graphile_worker._private_jobs where locked_by is not null',
      );
      const ids = rows.map((r) => r.locked_by);
      if (ids.length) await utils.forceUnlockWorkers(ids);
      return ids;
    },
    async close() {
      await utils.release();
      await pool.end();
    },
  };
}
