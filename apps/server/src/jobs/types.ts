import type { jobs } from '../db/schema/index';

export type JobRow = typeof jobs.$inferSelect;

/** Absolute figures of a job's progress; what is left out is kept. */
export interface JobProgress {
  total?: number;
  done?: number;
  failed?: number;
}

export interface JobContext<D> {
  /** the claimed row (attempts already counts this run) */
  job: JobRow;
  deps: D;
  /**
   * Aborted when the worker stops. A handler that can stop between items calls
   * `signal.throwIfAborted()`: the job then goes back to the queue and resumes on the next start.
   */
  signal: AbortSignal;
  /** records progress and the heartbeat; throws JobLostError when the job was taken from this run */
  progress(update: JobProgress): Promise<void>;
  log: JobLogger;
}

/** Runs one job; what it answers is kept in the job's `result`. Throwing marks the job failed. */
export type JobHandler<D> = (ctx: JobContext<D>) => Promise<Record<string, unknown> | undefined>;

export type JobHandlers<D> = Readonly<Record<string, JobHandler<D>>>;

/** The job was requeued (stale heartbeat) or finished by someone else: this run must stop quietly. */
export class JobLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this run`);
    this.name = 'JobLostError';
  }
}

/**
 * Thrown by a handler whose run failed for a reason that may pass (a mail server down): the job goes back
 * to the queue and is claimed again after `delayMs`. The handler decides, from `job.attempts`, when to
 * stop retrying and throw a plain error instead (the job then fails).
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    options?: { cause?: unknown },
  ) {
    super(`retry in ${Math.round(delayMs / 1000)} s`, options);
    this.name = 'RetryLater';
  }
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
