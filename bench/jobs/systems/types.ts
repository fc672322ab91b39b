/** What the bench asks of each queue: enqueue, a worker pool, and how many jobs are not finished. */

/** The payload of every bench job. */
export interface BenchPayload {
  /** names the job in the bench's records */
  tag: string;
  /** how long the handler holds the job (0: a no-op handler) */
  holdMs: number;
  /** the worker process reports the start of this job to the bench process */
  report?: boolean;
}

export type Company = 'A' | 'B';

export interface NewBenchJob extends BenchPayload {
  company: Company;
}

export interface PoolOptions {
  /** jobs run at once by this pool */
  concurrency: number;
  onStart(job: BenchPayload): void;
  onEnd(job: BenchPayload): void;
}

export interface RunningPool {
  stop(): Promise<void>;
}

export interface QueueSystem {
  /** inserts the jobs in one transaction; resolves once it is committed */
  enqueue(jobs: readonly NewBenchJob[]): Promise<void>;
  startPool(opts: PoolOptions): Promise<RunningPool>;
  /** jobs queued or running */
  unfinished(): Promise<number>;
  /** deletes every job of this system (between scenarios) */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const SYSTEMS = ['ours', 'graphile', 'pgboss'] as const;
export type SystemName = (typeof SYSTEMS)[number];

/** Who opens the system: the bench process (installs the schema, creates queues) or a worker process. */
export type Role = 'bench' | 'worker';
