import { JOB_MESSAGES } from '@sim/shared';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import {
  claimNext,
  finishJob,
  heartbeat,
  onEnqueued,
  recordProgress,
  releaseJob,
  requeueStale,
  retryJob,
} from './queue';
import { type JobHandlers, type JobLogger, JobLostError, type JobRow, RetryLater } from './types';

export interface WorkerOptions<D> {
  db: Db;
  deps: D;
  /** the handlers by kind; the worker claims only these kinds */
  handlers: JobHandlers<D>;
  log: JobLogger;
  /** jobs run at once by this worker */
  concurrency?: number;
  /** how often the queue is looked at when no wake-up came (jobs queued by other instances) */
  pollMs?: number;
  /** how often a running job's heartbeat is written even without progress */
  heartbeatMs?: number;
  /** a running job whose heartbeat is older than this is taken back (its instance is gone) */
  staleMs?: number;
  /** runs of one job (crashes included) before it is failed */
  maxAttempts?: number;
  /** how long stop() waits for the running jobs */
  stopTimeoutMs?: number;
}

export const WORKER_DEFAULTS = {
  concurrency: 2,
  pollMs: 1000,
  heartbeatMs: 5000,
  staleMs: 60_000,
  maxAttempts: 3,
  stopTimeoutMs: 10_000,
} as const;

/** What a job records when its handler throws: an AppError's message, else a generic one. */
function errorMessage(err: unknown): string {
  return err instanceof AppError ? err.message : JOB_MESSAGES.failed;
}

/**
 * Runs queued jobs: claims up to `concurrency` at once, runs each with its handler, records the outcome.
 * Polls every `pollMs`, and at once when a job is queued in this process. Each poll also takes back the
 * jobs of a crashed instance (stale heartbeat). stop() stops claiming, asks the running handlers to stop
 * (AbortSignal) and waits for them, at most `stopTimeoutMs`.
 */
export class JobWorker<D> {
  private readonly o: Required<Omit<WorkerOptions<D>, 'db' | 'deps' | 'handlers' | 'log'>>;
  private readonly kinds: string[];
  private readonly running = new Map<string, Promise<void>>();
  private abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private filling: Promise<void> | null = null;
  private refill = false;
  private started = false;
  /** stop() was called (and no start() since): jobs claimed at birth are left to the sweep */
  private stopped = false;

  constructor(private readonly opts: WorkerOptions<D>) {
    const d = WORKER_DEFAULTS;
    this.o = {
      concurrency: opts.concurrency ?? d.concurrency,
      pollMs: opts.pollMs ?? d.pollMs,
      heartbeatMs: opts.heartbeatMs ?? d.heartbeatMs,
      staleMs: opts.staleMs ?? d.staleMs,
      maxAttempts: opts.maxAttempts ?? d.maxAttempts,
      stopTimeoutMs: opts.stopTimeoutMs ?? d.stopTimeoutMs,
    };
    this.kinds = Object.keys(opts.handlers);
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** ids of the jobs this worker is running now */
  get runningIds(): string[] {
    return [...this.running.keys()];
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.abort = new AbortController();
    this.unsubscribe = onEnqueued(() => this.kick());
    this.timer = setInterval(() => this.poll(), this.o.pollMs);
    this.timer.unref();
    this.poll();
  }

  /**
   * Stops claiming, aborts the running handlers' signal and waits for them, at most `timeoutMs`; true when
   * none is left running. A job still running then is taken back later by a stale-heartbeat sweep.
   */
  async stop(timeoutMs = this.o.stopTimeoutMs): Promise<boolean> {
    this.stopped = true;
    if (this.started) {
      this.started = false;
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.abort.abort();
      await this.filling?.catch(() => {});
    }
    if (this.running.size === 0) return true;
    const all = Promise.allSettled([...this.running.values()]).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ended = await Promise.race([all, late]);
    clearTimeout(timer);
    if (!ended)
      this.opts.log.warn(
        { jobs: this.runningIds },
        'jobs still running at stop; a stale-heartbeat sweep takes them back',
      );
    return ended;
  }

  /**
   * Runs a job this process claimed when it queued it (`insertClaimedJob`), at once and whether or not the
   * worker polls the queue (under NODE_ENV=test it does not). Its kind must have a handler here. After
   * stop() it is not run: the stale-heartbeat sweep of a running worker puts it back in the queue.
   */
  runClaimed(job: JobRow): boolean {
    if (this.stopped || !this.opts.handlers[job.kind] || this.running.has(job.id)) return false;
    this.launch(job);
    return true;
  }

  /** One poll now: takes back stale jobs, then claims what the concurrency allows. */
  async tick(): Promise<void> {
    if (!this.started) return;
    await this.sweep();
    await this.fill();
  }

  /**
   * Resolves when this worker is idle: nothing running and no queued job of its kinds left (those queued
   * meanwhile included). For tests and tools; the worker must be started.
   */
  async drain(): Promise<void> {
    if (!this.started) throw new Error('The job worker is not started.');
    for (;;) {
      await this.tick();
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running.values()]);
    }
  }

  private poll(): void {
    this.tick().catch((err) => this.opts.log.error({ err }, 'job queue poll failed'));
  }

  private kick(): void {
    if (!this.started) return;
    this.fill().catch((err) => this.opts.log.error({ err }, 'job queue claim failed'));
  }

  private async sweep(): Promise<void> {
    const { requeued, failed } = await requeueStale(this.opts.db, {
      kinds: this.kinds,
      staleMs: this.o.staleMs,
      maxAttempts: this.o.maxAttempts,
      stalledMessage: JOB_MESSAGES.stalled,
    });
    if (requeued.length || failed.length) this.opts.log.warn({ requeued, failed }, 'stale jobs taken back');
  }

  /** Claims until the concurrency is reached or the queue is empty; one pass at a time, redone if asked meanwhile. */
  private fill(): Promise<void> {
    this.refill = true;
    this.filling ??= this.fillLoop().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  private async fillLoop(): Promise<void> {
    while (this.refill) {
      this.refill = false;
      while (this.started && this.running.size < this.o.concurrency) {
        const job = await claimNext(this.opts.db, this.kinds);
        if (!job) break;
        if (!this.started) {
          await releaseJob(this.opts.db, job); // claimed while stopping
          break;
        }
        this.launch(job);
      }
    }
  }

  private launch(job: JobRow): void {
    const run = this.run(job)
      .catch((err) => this.opts.log.error({ err, jobId: job.id }, 'job outcome could not be recorded'))
      .finally(() => {
        this.running.delete(job.id);
        this.kick();
      });
    this.running.set(job.id, run);
  }

  private async run(job: JobRow): Promise<void> {
    const { db, deps, log } = this.opts;
    const handler = this.opts.handlers[job.kind];
    const signal = this.abort.signal;
    const beat = setInterval(() => {
      heartbeat(db, job).catch((err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
    }, this.o.heartbeatMs);
    beat.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`); // only known kinds are claimed
      const result = await handler({
        job,
        deps,
        signal,
        log,
        progress: async (update) => {
          if (!(await recordProgress(db, job, update))) throw new JobLostError(job.id);
        },
      });
      if (!(await finishJob(db, job, { status: 'done', result })))
        log.warn({ jobId: job.id }, 'job finished after it was taken back; outcome dropped');
    } catch (err) {
      if (err instanceof JobLostError) {
        log.warn({ jobId: job.id }, 'job was taken back from this run');
      } else if (err instanceof RetryLater) {
        log.warn(
          { err: err.cause, jobId: job.id, kind: job.kind, attempts: job.attempts },
          `job failed; ${err.message}`,
        );
        await retryJob(db, job, err.delayMs);
      } else if (signal.aborted) {
        await releaseJob(db, job);
        log.info({ jobId: job.id }, 'job interrupted by the stop; queued again');
      } else {
        if (!(err instanceof AppError)) log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
        await finishJob(db, job, { status: 'failed', error: errorMessage(err) });
      }
    } finally {
      clearInterval(beat);
    }
  }
}
