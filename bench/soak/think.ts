/**
 * Think times: how long a person looks at a screen before the next click, drawn uniformly from a range
 * (seconds) and scaled by --think-scale. A stop ends every pause at once, so the run ends on time.
 */
export const THINK = {
  /** reading the dashboard before opening an assignment */
  dashboard: [4, 12],
  /** the sim's dialog: reading its levels before TAKE SIM */
  simDialog: [3, 8],
  /** reading the coach's text or a line before it plays */
  step: [1, 3],
  /** the feedback dialog of a graded line */
  feedback: [2, 5],
  /** the wrap-up before ALL DONE */
  wrapUp: [3, 8],
  /** reading the final score */
  finalScore: [5, 15],
  /** between two levels of a sitting */
  betweenLevels: [5, 20],
  /** away from the product between two sittings */
  away: [20, 60],
  /** a reviewer reading a page (dashboard, score table, a result) */
  review: [8, 25],
} as const satisfies Record<string, readonly [number, number]>;

export class Pacer {
  private stopped = false;
  private readonly waiting = new Set<() => void>();

  constructor(readonly scale: number) {}

  get running() {
    return !this.stopped;
  }

  /** A think of the kind (seconds from THINK × scale); resolves false when the run stopped. */
  think(kind: keyof typeof THINK): Promise<boolean> {
    const [low, high] = THINK[kind];
    return this.pause((low + Math.random() * (high - low)) * 1000 * this.scale);
  }

  /** Waits ms (not scaled: a clip playing, a poll's interval); resolves false when the run stopped. */
  pause(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve(!this.stopped);
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  stop() {
    this.stopped = true;
    for (const done of [...this.waiting]) done();
  }
}
