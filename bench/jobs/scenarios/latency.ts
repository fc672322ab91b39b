/**
 * Pick-up latency: one job at a time into an idle pool of 2 in this process; from the enqueue's commit
 * (its call returned) to the handler starting. After each start, a random pause in `gapMs` before the next
 * job, so jobs arrive at every phase of a polling loop.
 */
import { now, type Spread, sleep, spread } from '../stats';
import type { QueueSystem } from '../systems/types';

export interface LatencyFigures {
  pickup: Spread;
  /** the enqueue call itself */
  enqueue: Spread;
}

const WARM_UP = 3;

export async function trickle(sys: QueueSystem, jobs: number, gapMs: [number, number]): Promise<LatencyFigures> {
  await sys.reset();
  const waiting = new Map<string, (at: number) => void>();
  const pool = await sys.startPool({
    concurrency: 2,
    onStart: (job) => waiting.get(job.tag)?.(now()),
    onEnd: () => {},
  });
  const pickup: number[] = [];
  const enqueue: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + jobs; i++) {
      const tag = `t${i}`;
      const started = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`job ${tag} not started in 20 s`)), 20_000);
        waiting.set(tag, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const before = now();
      await sys.enqueue([{ tag, holdMs: 0, company: 'A' }]);
      const committed = now();
      const at = await started;
      waiting.delete(tag);
      if (i >= WARM_UP) {
        pickup.push(at - committed);
        enqueue.push(committed - before);
      }
      await sleep(gapMs[0] + Math.random() * (gapMs[1] - gapMs[0]));
    }
  } finally {
    await pool.stop();
  }
  return { pickup: spread(pickup), enqueue: spread(enqueue) };
}
