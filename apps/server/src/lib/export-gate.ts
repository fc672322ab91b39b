import { EXPORT_LIMITS, EXPORT_MESSAGES } from '@sim/shared';
import { RateLimited } from './errors';

/**
 * The turn of large exports on this instance (issue 32): at most `running` written at once, the next ones
 * waiting in arrival order (at most `waiting`; more: 429), and one person's second export while their first
 * runs or waits refused (429), so one person cannot take every turn. enter() answers the release, to call
 * once the export is written (or has failed).
 */
export class ExportGate {
  private active = 0;
  /** the most exports written at once so far (read by tests) */
  peak = 0;
  private readonly people = new Set<string>();
  private readonly line: Array<() => void> = [];

  constructor(private readonly limits: { running: number; waiting: number } = EXPORT_LIMITS) {}

  async enter(userId: string): Promise<() => void> {
    if (this.people.has(userId)) throw RateLimited(EXPORT_MESSAGES.ownExportRunning);
    const full = this.active >= this.limits.running;
    if (full && this.line.length >= this.limits.waiting) throw RateLimited(EXPORT_MESSAGES.busy);
    this.people.add(userId);
    if (full) await new Promise<void>((start) => this.line.push(start));
    else this.active += 1;
    this.peak = Math.max(this.peak, this.active);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.people.delete(userId);
      const next = this.line.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}
