/**
 * Throughput: `jobs` no-op jobs enqueued in one transaction while 2 worker processes (concurrency 2 each)
 * wait; jobs/s from the first job started to the last one finished (as the database shows it: polled
 * every 50 ms), at most `capMs`.
 */
import { forkWorkers } from '../children';
import { now, sleep } from '../stats';
import type { NewBenchJob, QueueSystem } from '../systems/types';

export interface ThroughputFigures {
  jobs: number;
  done: number;
  enqueueMs: number;
  /** from the commit to the first job started */
  firstMs: number;
  /** from the first start to the last finish */
  runMs: number;
  perSecond: number;
  capped: boolean;
}

export async function throughput(
  sys: QueueSystem,
  worker: { system: string; variant: string; url: string },
  jobs: number,
  capMs: number,
): Promise<ThroughputFigures> {
  await sys.reset();
  const workers = await forkWorkers(2, worker.system, worker.variant, worker.url);
  try {
    const all: NewBenchJob[] = Array.from({ length: jobs }, (_, i) => ({ tag: `j${i}`, holdMs: 0, company: 'A' }));
    const before = now();
    await sys.enqueue(all);
    const committed = now();
    let left = jobs;
    while (left > 0 && now() - committed < capMs) {
      await sleep(50);
      left = await sys.unfinished();
    }
    const end = now();
    const first = Math.min(
      ...(await Promise.all(workers.map((w) => Promise.race([w.first, sleep(0).then(() => end)])))),
    );
    const done = jobs - left;
    return {
      jobs,
      done,
      enqueueMs: committed - before,
      firstMs: first - committed,
      runMs: end - first,
      perSecond: done / ((end - first) / 1000),
      capped: left > 0,
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
