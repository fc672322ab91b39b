import type { TScoreInsightsResponse } from '@sim/shared';

/** Up to this many members the chart draws one line each; more, the median with its 25–75% band. */
export const CHART_LINES_MAX = 5;

/** A chart day 'YYYY-MM-DD' as a local midnight (the x axis is time). */
export function chartDay(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export interface MemberLine {
  id: string;
  label: string;
  /** keyword accuracy per day of `days`; null on days the member completed nothing */
  data: (number | null)[];
}

export type AccuracyChart =
  | { kind: 'empty' }
  | { kind: 'members'; days: Date[]; lines: MemberLine[] }
  | {
      kind: 'median';
      days: Date[];
      p25: number[];
      p50: number[];
      p75: number[];
      /** how many members the median covers */
      members: number;
    };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What the accuracy chart draws: one line per member when the filter holds few members (all of them in
 * the answer), else the daily median with the 25th–75th percentile band.
 */
export function accuracyChart(insights: TScoreInsightsResponse | undefined): AccuracyChart {
  if (!insights) return { kind: 'empty' };
  const few = insights.members_total <= CHART_LINES_MAX && insights.accuracy.length === insights.members_total;
  if (few) {
    const withPoints = insights.accuracy.filter((m) => m.points.length > 0);
    if (withPoints.length === 0) return { kind: 'empty' };
    const dayKeys = [...new Set(withPoints.flatMap((m) => m.points.map((p) => p.date)))].sort();
    const lines = withPoints.map((m) => {
      const byDay = new Map(m.points.map((p) => [p.date, p.keyword_accuracy]));
      return {
        id: m.user_id,
        label: m.member,
        data: dayKeys.map((d) => (byDay.has(d) ? round(byDay.get(d) ?? 0) : null)),
      };
    });
    return { kind: 'members', days: dayKeys.map(chartDay), lines };
  }
  if (insights.median.length === 0) return { kind: 'empty' };
  const median = [...insights.median].sort((a, b) => a.date.localeCompare(b.date));
  return {
    kind: 'median',
    days: median.map((m) => chartDay(m.date)),
    p25: median.map((m) => round(m.p25)),
    p50: median.map((m) => round(m.p50)),
    p75: median.map((m) => round(m.p75)),
    members: insights.members_total,
  };
}

/**
 * The band drawn as two stacked areas: the 25th percentile (invisible) and, on top of it, the distance to
 * the 75th (the band). Tooltips show the real percentiles.
 */
export function bandSeries(p25: readonly number[], p75: readonly number[]): { base: number[]; width: number[] } {
  return { base: [...p25], width: p75.map((top, i) => round(Math.max(0, top - p25[i]))) };
}

export interface MissedBar {
  keyword: string;
  missed: number;
  total: number;
}

/** The most-missed keywords, most missed first (ties: the higher miss rate, then by name). */
export function missedBars(insights: TScoreInsightsResponse | undefined): MissedBar[] {
  const rate = (k: MissedBar) => (k.total > 0 ? k.missed / k.total : 0);
  return [...(insights?.missed_keywords ?? [])]
    .filter((k) => k.missed > 0)
    .sort((a, b) => b.missed - a.missed || rate(b) - rate(a) || a.keyword.localeCompare(b.keyword));
}
