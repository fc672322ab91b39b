import { describe, expect, it } from 'vitest';
import { makeInsights } from '../testing/fixtures';
import { accuracyChart, bandSeries, CHART_LINES_MAX, chartDay, missedBars } from './score-chart';

const member = (n: number, points: [string, number][]) => ({
  user_id: `u${n}`,
  member: `M${n}`,
  points: points.map(([date, keyword_accuracy]) => ({ date, keyword_accuracy })),
});

describe('the accuracy chart', () => {
  it('draws one line per member when few, aligned on the days any of them completed', () => {
    const chart = accuracyChart(makeInsights());
    expect(chart.kind).toBe('members');
    if (chart.kind !== 'members') return;
    expect(chart.days).toEqual([chartDay('2026-03-01'), chartDay('2026-03-02'), chartDay('2026-03-03')]);
    expect(chart.lines).toEqual([
      { id: expect.any(String), label: 'Member 1', data: [60, null, 80] },
      { id: expect.any(String), label: 'Member 2', data: [null, 90, null] },
    ]);
  });

  it('draws the median with its band for more members than lines', () => {
    const many = Array.from({ length: CHART_LINES_MAX + 1 }, (_, i) => member(i, [['2026-03-01', 50]]));
    const chart = accuracyChart(
      makeInsights({
        accuracy: many,
        members_total: many.length,
        median: [
          { date: '2026-03-02', p25: 40, p50: 55.555, p75: 70 },
          { date: '2026-03-01', p25: 30, p50: 50, p75: 60 },
        ],
      }),
    );
    expect(chart).toEqual({
      kind: 'median',
      days: [chartDay('2026-03-01'), chartDay('2026-03-02')],
      p25: [30, 40],
      p50: [50, 55.56],
      p75: [60, 70],
      members: CHART_LINES_MAX + 1,
    });
  });

  it('uses the median when the answer holds only the most active members', () => {
    const chart = accuracyChart(makeInsights({ members_total: 3 }));
    expect(chart.kind).toBe('median');
  });

  it('has nothing to draw without points', () => {
    expect(accuracyChart(undefined)).toEqual({ kind: 'empty' });
    expect(accuracyChart(makeInsights({ accuracy: [member(1, [])], members_total: 1 }))).toEqual({ kind: 'empty' });
    expect(accuracyChart(makeInsights({ accuracy: [], members_total: 40, median: [] }))).toEqual({ kind: 'empty' });
  });

  it('stacks the band as the 25th percentile and the distance to the 75th', () => {
    expect(bandSeries([30, 40], [60, 40])).toEqual({ base: [30, 40], width: [30, 0] });
  });
});

describe('the most-missed keywords', () => {
  it('puts the most missed first, then the higher miss rate, and leaves out keywords never missed', () => {
    const bars = missedBars(
      makeInsights({
        missed_keywords: [
          { keyword: 'account number', missed: 3, total: 4 },
          { keyword: 'verify', missed: 5, total: 9 },
          { keyword: 'thanks', missed: 3, total: 30 },
          { keyword: 'hello', missed: 0, total: 2 },
        ],
      }),
    );
    expect(bars.map((b) => b.keyword)).toEqual(['verify', 'account number', 'thanks']);
    expect(missedBars(undefined)).toEqual([]);
  });
});
