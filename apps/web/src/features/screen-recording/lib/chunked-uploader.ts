import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { ApiError } from '../../../lib/api-client';

/** One part of a screen's recording, as save-screen-share-stream takes it. */
export interface ChunkPart {
  fileName: string;
  fileType: string;
  /** from 0 */
  chunkNumber: number;
  /** while recording chunkNumber + 1; the last part (after the recorder stopped) says the final count */
  totalChunks: number;
  data: Blob;
}

/** Sends one part; throws an error with a `status` (0: the network) when it is not acknowledged. */
export type ChunkSender = (part: ChunkPart, signal: AbortSignal) => Promise<void>;

export interface UploadProgress {
  acknowledged: number;
  /** parts cut so far (the final count once finish() was called) */
  parts: number;
}

export interface ChunkedUploaderOptions {
  fileName: string;
  fileType: string;
  send: ChunkSender;
  chunkBytes?: number;
  /** parts sent at once (SCREEN_RECORDING.uploadsInFlight unless told): they are started in order */
  maxInFlight?: number;
  /** tries of a part on a network failure or a 5xx */
  tries?: number;
  /** the first wait before a retry; doubled each time */
  backoffMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onProgress?: (progress: UploadProgress) => void;
}

/** An upload that cannot go on: a 4xx answer, or a part that failed every try (an ApiError: the page shows it). */
export class ChunkUploadError extends ApiError {
  constructor(
    message: string,
    /** true for a refusal (4xx): sending again will not help */
    readonly permanent: boolean,
  ) {
    super(permanent ? 400 : 0, 'SCREEN_RECORDING_UPLOAD', message);
    this.name = 'ChunkUploadError';
  }
}

const statusOf = (error: unknown): number =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 0;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * The chunked upload of one screen's recording (learner-and-review.md sections 7 and 9): the recorder's data
 * is buffered into parts of exactly SCREEN_RECORDING.chunkBytes (the last one smaller), sent while recording,
 * in order, at most `maxInFlight` at a time; a network failure or a 5xx is tried again with a growing wait,
 * a 4xx stops the upload with "Error uploading chunk: <message>".
 */
export class ChunkedUploader {
  private readonly chunkBytes: number;
  private readonly maxInFlight: number;
  private readonly tries: number;
  private readonly backoffMs: number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private buffer: Blob[] = [];
  private buffered = 0;
  private readonly queue: ChunkPart[] = [];
  private inFlight = 0;
  private cut = 0;
  private acknowledged = 0;
  private finished = false;
  private failure: ChunkUploadError | null = null;
  private readonly controller = new AbortController();
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(private readonly options: ChunkedUploaderOptions) {
    this.chunkBytes = options.chunkBytes ?? SCREEN_RECORDING.chunkBytes;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? SCREEN_RECORDING.uploadsInFlight);
    this.tries = Math.max(1, options.tries ?? 6);
    this.backoffMs = options.backoffMs ?? 500;
    this.sleep = options.sleep ?? defaultSleep;
  }

  get progress(): UploadProgress {
    return { acknowledged: this.acknowledged, parts: this.cut };
  }

  get error(): ChunkUploadError | null {
    return this.failure;
  }

  /** The recorder's next data (ondataavailable): whole parts are cut off and sent at once. */
  push(data: Blob): void {
    if (this.finished) throw new Error('The recording was already finished.');
    if (data.size === 0) return;
    this.buffer.push(data);
    this.buffered += data.size;
    while (this.buffered >= this.chunkBytes) {
      const all = new Blob(this.buffer);
      this.enqueue(all.slice(0, this.chunkBytes), false);
      const rest = all.slice(this.chunkBytes);
      this.buffer = rest.size > 0 ? [rest] : [];
      this.buffered = rest.size;
    }
    this.pump();
  }

  /**
   * The recorder stopped: the rest goes as the last part, which carries the final count. Resolves once every
   * part is acknowledged; rejects with a ChunkUploadError. Called again after a failure, it sends what is
   * left (a refusal stays refused).
   */
  finish(): Promise<void> {
    if (!this.finished) {
      this.finished = true;
      // data ending on a part boundary: the last part cut already says chunkNumber + 1, the final count
      if (this.buffered > 0) this.enqueue(new Blob(this.buffer), true);
      this.buffer = [];
      this.buffered = 0;
    } else if (this.failure && !this.failure.permanent) {
      this.failure = null;
    }
    this.report();
    this.pump();
    return this.settled();
  }

  /** Stops sending (the page goes away). */
  abort(): void {
    this.controller.abort();
  }

  private enqueue(data: Blob, last: boolean) {
    const chunkNumber = this.cut;
    this.cut += 1;
    this.queue.push({
      fileName: this.options.fileName,
      fileType: this.options.fileType,
      chunkNumber,
      totalChunks: last ? this.cut : chunkNumber + 1,
      data,
    });
    this.report();
  }

  private pump() {
    while (!this.failure && this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const part = this.queue.shift() as ChunkPart;
      this.inFlight += 1;
      void this.sendPart(part).finally(() => {
        this.inFlight -= 1;
        this.pump();
        this.checkSettled();
      });
    }
    this.checkSettled();
  }

  private async sendPart(part: ChunkPart): Promise<void> {
    const signal = this.controller.signal;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.options.send(part, signal);
        this.acknowledged += 1;
        this.report();
        return;
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        const status = statusOf(error);
        const permanent = status >= 400 && status < 500;
        if (permanent || attempt >= this.tries) {
          // the part goes back to the front: a later finish() sends it again (a network failure only)
          this.queue.unshift(part);
          this.queue.sort((a, b) => a.chunkNumber - b.chunkNumber);
          this.fail(
            new ChunkUploadError(permanent ? `${T.chunkError} ${messageOf(error)}` : T.uploadFailed, permanent),
          );
          return;
        }
        try {
          await this.sleep(this.backoffMs * 2 ** (attempt - 1), signal);
        } catch {
          return;
        }
      }
    }
  }

  private fail(error: ChunkUploadError) {
    if (this.failure?.permanent) return;
    this.failure = error;
  }

  private report() {
    this.options.onProgress?.(this.progress);
  }

  private settled(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.checkSettled();
    });
  }

  private checkSettled() {
    if (this.waiters.length === 0) return;
    if (this.failure && this.inFlight === 0) {
      const error = this.failure;
      for (const w of this.waiters.splice(0)) w.reject(error);
      return;
    }
    if (this.finished && this.inFlight === 0 && this.queue.length === 0 && !this.failure) {
      for (const w of this.waiters.splice(0)) w.resolve();
    }
  }
}
