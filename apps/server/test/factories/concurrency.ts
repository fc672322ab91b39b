import { eq } from 'drizzle-orm';
import { jobs, roles } from '../../src/db/schema/index';
import { enqueue } from '../../src/jobs/queue';
import type { JobLogger } from '../../src/jobs/types';
import { JobWorker } from '../../src/jobs/worker';
import type { TestContext } from './app';
import { unique } from './values';

/**
 * The parts of every area's concurrent run (the guide: two companies, several roles, writes and reads at
 * once, a background job running): a bounded pool of requests and a job that keeps the database busy.
 */

/** Runs `tasks` with at most `width` at once; the answers in the tasks' order. */
export async function runPool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

/**
 * A background job of its own kind, run by a worker of its own, that reads the company's roles and writes
 * its progress for as long as the test runs. `finish` stops it and answers its row and the worker's warnings.
 */
export function busyJob(ctx: TestContext, companyId: string) {
  const kind = unique('test-busy');
  const warnings: string[] = [];
  const log: JobLogger = {
    info: () => {},
    warn: (_o, msg) => warnings.push(msg),
    error: (_o, msg) => warnings.push(msg),
  };
  let busy = true;
  const worker = new JobWorker<unknown>({
    db: ctx.db,
    deps: {},
    log,
    pollMs: 50,
    heartbeatMs: 100,
    handlers: {
      [kind]: async ({ progress }) => {
        let steps = 0;
        await progress({ total: 1000 });
        while (busy && steps < 1000) {
          await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.companyId, companyId));
          await progress({ done: ++steps });
        }
        return { steps };
      },
    },
  });
  return {
    async start() {
      worker.start();
      return (await enqueue(ctx.db, { companyId, kind, payload: {}, createdBy: null })).id;
    },
    async finish(id: string) {
      busy = false;
      await worker.drain();
      await worker.stop();
      const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
      return { row, warnings };
    },
  };
}
