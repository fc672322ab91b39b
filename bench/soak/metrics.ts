/**
 * What the soak records: every request (its route as the contract names it, its time, whether it
 * succeeded), every page (the calls a screen makes before it shows, timed together), what a learner
 * waits for that is not a page (a line's grade, the final score) and every error by kind. Each sample carries the
 * moment it started, so the ramp's steps and the soak read their own window.
 */
import { percentile } from '../db/server-process';

export interface Sample {
  /** ms since the run began */
  at: number;
  ms: number;
  ok: boolean;
}

export interface Window {
  label: string;
  learners: number;
  from: number;
  to: number;
}

export interface Quantiles {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class Metrics {
  readonly started = performance.now();
  readonly routes = new Map<string, Sample[]>();
  readonly pages = new Map<string, Sample[]>();
  /** what a learner waits for that is not a page: a line's grade, the final score's figures */
  readonly waits = new Map<string, Sample[]>();
  readonly errors = new Map<string, { count: number; example: string }>();
  /** what is counted but is not an error (the server's designed limits, e.g. a refused live stream) */
  readonly notes = new Map<string, number>();

  now(): number {
    return performance.now() - this.started;
  }

  route(name: string, at: number, ms: number, ok: boolean) {
    push(this.routes, name, { at, ms, ok });
  }

  page(name: string, at: number, ms: number, ok: boolean) {
    push(this.pages, name, { at, ms, ok });
  }

  wait(name: string, at: number, ms: number, ok: boolean) {
    push(this.waits, name, { at, ms, ok });
  }

  error(kind: string, example: string) {
    const e = this.errors.get(kind);
    if (e) e.count++;
    else this.errors.set(kind, { count: 1, example: example.slice(0, 300) });
  }

  note(kind: string) {
    this.notes.set(kind, (this.notes.get(kind) ?? 0) + 1);
  }

  /** Times a page: runs the screen's calls and records how long until all answered. */
  async timePage<T>(name: string, load: () => Promise<T>): Promise<T> {
    const at = this.now();
    try {
      const value = await load();
      this.page(name, at, this.now() - at, true);
      return value;
    } catch (error) {
      this.page(name, at, this.now() - at, false);
      throw error;
    }
  }
}

function push(map: Map<string, Sample[]>, key: string, sample: Sample) {
  const list = map.get(key);
  if (list) list.push(sample);
  else map.set(key, [sample]);
}

export function quantiles(samples: readonly Sample[], window?: Pick<Window, 'from' | 'to'>): Quantiles {
  const inside = window ? samples.filter((s) => s.at >= window.from && s.at < window.to) : samples;
  const ms = inside.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: inside.length,
    errors: inside.filter((s) => !s.ok).length,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    max: ms.at(-1) ?? 0,
  };
}

/** The page whose p95 is highest in the window, and that p95. */
export function worstPage(metrics: Metrics, window: Pick<Window, 'from' | 'to'>): { name: string; p95: number } {
  let worst = { name: '-', p95: 0 };
  for (const [name, samples] of metrics.pages) {
    const q = quantiles(samples, window);
    if (q.count > 0 && q.p95 > worst.p95) worst = { name, p95: q.p95 };
  }
  return worst;
}
