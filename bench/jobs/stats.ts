/** Percentiles and the clock shared by the bench process and its worker processes. */

/** Milliseconds on the wall clock with sub-millisecond resolution, comparable between processes. */
export const now = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
}

/** 12.3 below 100, whole numbers above */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}
