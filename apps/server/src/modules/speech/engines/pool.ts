import os from 'node:os';

/** Bounds how many engine jobs (child processes) run at once; the others wait in order. */
export class Pool {
  readonly size: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number = os.availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
  }

  get active(): number {
    return this.running;
  }

  /** Resolves with a release function once a slot is free; call it exactly once. */
  async acquire(): Promise<() => void> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }

  /** A release function when a slot is free now, else undefined (the caller refuses the work). */
  tryAcquire(): (() => void) | undefined {
    if (this.running >= this.size) return undefined;
    this.running += 1;
    return this.releaser();
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await job();
    } finally {
      release();
    }
  }
}
