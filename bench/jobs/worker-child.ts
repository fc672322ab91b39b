/**
 * A worker process of the bench: opens one queue system in one variant and runs a pool of 2 until told to
 * stop (or killed). Tells the bench process when it is ready, when it starts its first job, and when it
 * starts a job whose payload asks for a report.
 *   node --import tsx worker-child.ts <system> <variant>      (BENCH_JOBS_URL: the database)
 */
import { now } from './stats';
import { openSystem } from './systems/index';
import type { SystemName } from './systems/types';

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'first'; at: number }
  | { type: 'started'; tag: string; at: number; pid: number };

const send = (message: ChildMessage) => process.send?.(message);

async function main() {
  const [system, variant] = process.argv.slice(2) as [SystemName, string];
  const url = process.env.BENCH_JOBS_URL;
  if (!url || !process.send) throw new Error('worker-child is forked by bench/jobs/run.ts');
  const sys = await openSystem(system, url, variant, 'worker');
  let first = true;
  const pool = await sys.startPool({
    concurrency: 2,
    onStart(job) {
      const at = now();
      if (first) send({ type: 'first', at });
      first = false;
      if (job.report) send({ type: 'started', tag: job.tag, at, pid: process.pid });
    },
    onEnd() {},
  });
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await pool.stop();
    await sys.close();
    process.exit(0);
  });
  send({ type: 'ready' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
