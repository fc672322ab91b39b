import { SPEECH_LIMITS } from '@sim/shared';

/** Recordings longer than this make the next take fetch a fresh URL (learner-and-review.md section 4). */
export const LONG_RECORDING_MS = 10_000;

/**
 * The signed speech-websocket URL (valid 5 minutes): fetched ahead, kept for 4 minutes, fetched again
 * after that or after a recording longer than 10 seconds. A failed fetch is the caller's to log; the
 * next take asks again.
 */
export class StreamUrlSource {
  private url: string | null = null;
  private fetchedAt = 0;
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly fetchUrl: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  private fresh(): boolean {
    return this.url !== null && this.now() - this.fetchedAt < SPEECH_LIMITS.streamUrlRefreshSeconds * 1000;
  }

  get(): Promise<string> {
    if (this.fresh() && this.url) return Promise.resolve(this.url);
    if (!this.inFlight) {
      const started = this.now();
      this.inFlight = this.fetchUrl()
        .then((url) => {
          this.url = url;
          this.fetchedAt = started;
          return url;
        })
        .finally(() => {
          this.inFlight = null;
        });
    }
    return this.inFlight;
  }

  /** After a take: a long one makes the URL stale, and the next one is fetched now. */
  afterRecording(durationMs: number): void {
    if (durationMs <= LONG_RECORDING_MS) return;
    this.url = null;
    this.get().catch(() => {});
  }
}
