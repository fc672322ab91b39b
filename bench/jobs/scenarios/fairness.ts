/**
 * Fairness: an idle pool of 2 in this process; 500 jobs of company A enqueued (one transaction), then 5
 * of company B (another); each job holds 5 ms. Where B's jobs finish in the order of all 505, and how
 * long after B's enqueue.
 */
import { now, type Spread, sleep, spread } from '../stats';
import type { NewBenchJob, QueueSystem } from '../systems/types';

export interface FairnessFigures {
  /** 1-based places of B's jobs among the 505 finishing */
  positions: number[];
  /** B's enqueue commit → each B job finished */
  latency: Spread;
  /** A's enqueue commit → the last job finished */
  totalMs: number;
  /** jobs finished by the end (all 505 unless capped) */
  done: number;
  complete: boolean;
}

const A_JOBS = 500;
const B_JOBS = 5;
const HOLD_MS = 5;

export async function fairness(sys: QueueSystem, capMs = 10_000): Promise<FairnessFigures> {
  await sys.reset();
  const ends: { tag: string; at: number }[] = [];
  const pool = await sys.startPool({
    concurrency: 2,
    onStart: () => {},
    onEnd: (job) => ends.push({ tag: job.tag, at: now() }),
  });
  try {
    const jobs = (company: 'A' | 'B', n: number): NewBenchJob[] =>
      Array.from({ length: n }, (_, i) => ({ tag: `${company}${i}`, holdMs: HOLD_MS, company }));
    const startA = now();
    await sys.enqueue(jobs('A', A_JOBS));
    await sys.enqueue(jobs('B', B_JOBS));
    const committedB = now();
    while (ends.length < A_JOBS + B_JOBS && now() - startA < capMs) await sleep(20);
    const b = ends.map((e, i) => ({ ...e, place: i + 1 })).filter((e) => e.tag.startsWith('B'));
    return {
      positions: b.map((e) => e.place),
      latency: spread(b.map((e) => e.at - committedB)),
      totalMs: (ends.at(-1)?.at ?? now()) - startA,
      done: ends.length,
      complete: ends.length >= A_JOBS + B_JOBS,
    };
  } finally {
    await pool.stop();
  }
}
