import { describe, expect, it } from 'vitest';
import { ZScoreFilter, ZScoreListQuery } from '../src/schemas/scores';
import {
  formatScoreDate,
  formatScorePercent,
  formatScoreSeconds,
  SCORE_COLUMNS,
  SCORE_DATE_PRESETS,
  SCORE_EXPORT,
  type ScoreDatePreset,
  scoreDayBounds,
  scorePresetRange,
  toScoreDateDisplay,
  toScoreDateValue,
} from '../src/scores';

const range = (preset: ScoreDatePreset, now: Date) => scorePresetRange(preset, now).map(toScoreDateValue);

describe('score date presets', () => {
  // Thursday 26 November 2026, 3 pm local time
  const thursday = new Date(2026, 10, 26, 15, 0);

  it.each([
    ['Today', ['2026-11-26', '2026-11-26']],
    ['Yesterday', ['2026-11-25', '2026-11-25']],
    ['Last 7 days', ['2026-11-20', '2026-11-26']],
    ['Last Week (Mo-Su)', ['2026-11-16', '2026-11-22']],
    ['Month to Date', ['2026-11-01', '2026-11-26']],
    ['Previous Month', ['2026-10-01', '2026-10-31']],
    ['Year to Date', ['2026-01-01', '2026-11-26']],
  ] as const)('%s from a Thursday', (preset, expected) => {
    expect(range(preset, thursday)).toEqual(expected);
  });

  it('keeps to the calendar at the edges: Mondays, Sundays, month and year starts, leap years', () => {
    const monday = new Date(2026, 10, 23, 0, 0);
    const sunday = new Date(2026, 10, 29, 23, 59);
    expect(range('Last Week (Mo-Su)', monday)).toEqual(['2026-11-16', '2026-11-22']);
    expect(range('Last Week (Mo-Su)', sunday)).toEqual(['2026-11-16', '2026-11-22']);
    const newYear = new Date(2027, 0, 1, 8, 0);
    expect(range('Yesterday', newYear)).toEqual(['2026-12-31', '2026-12-31']);
    expect(range('Previous Month', newYear)).toEqual(['2026-12-01', '2026-12-31']);
    expect(range('Last 7 days', newYear)).toEqual(['2026-12-26', '2027-01-01']);
    expect(range('Year to Date', newYear)).toEqual(['2027-01-01', '2027-01-01']);
    expect(range('Previous Month', new Date(2028, 2, 15))).toEqual(['2028-02-01', '2028-02-29']);
    expect(range('Month to Date', new Date(2028, 2, 1, 0, 0))).toEqual(['2028-03-01', '2028-03-01']);
    // every preset ends no later than today and starts no later than it ends
    for (const preset of SCORE_DATE_PRESETS) {
      const [start, end] = scorePresetRange(preset, thursday);
      expect(start.getTime()).toBeLessThanOrEqual(end.getTime());
      expect(end.getTime()).toBeLessThanOrEqual(thursday.getTime());
    }
  });

  it('shows a day DD-MM-YYYY and sends it YYYY-MM-DD', () => {
    const d = new Date(2026, 2, 5);
    expect(toScoreDateDisplay(d)).toBe('05-03-2026');
    expect(toScoreDateValue(d)).toBe('2026-03-05');
  });
});

describe('score values as shown', () => {
  it("formats dates 'YYYY-MMM-DD h:mm A' in a time zone, '------' without one", () => {
    expect(formatScoreDate('2026-03-01T15:07:00.000Z')).toBe('2026-Mar-01 3:07 PM');
    expect(formatScoreDate('2026-03-01T00:05:00.000Z')).toBe('2026-Mar-01 12:05 AM');
    expect(formatScoreDate('2026-03-01T12:00:00.000Z')).toBe('2026-Mar-01 12:00 PM');
    expect(formatScoreDate(new Date('2026-03-01T23:30:00.000Z'), 60)).toBe('2026-Mar-02 12:30 AM');
    expect(formatScoreDate('2026-03-01T02:30:00.000Z', -300)).toBe('2026-Feb-28 9:30 PM');
    expect(formatScoreDate(null)).toBe('------');
    expect(formatScoreDate('not a date')).toBe('------');
  });

  it('formats figures with 2 decimals and N/A, times in hours, minutes and seconds', () => {
    expect(formatScorePercent(80)).toBe('80.00%');
    expect(formatScorePercent(66.666)).toBe('66.67%');
    expect(formatScorePercent(null)).toBe('N/A');
    expect(formatScoreSeconds(0)).toBe('0m 0s');
    expect(formatScoreSeconds(null)).toBe('0m 0s');
    expect(formatScoreSeconds(125)).toBe('2m 5s');
    expect(formatScoreSeconds(3725)).toBe('1h 2m 5s');
  });

  it('turns a day range into instants of the time zone, the end day included', () => {
    expect(scoreDayBounds('2026-03-01', '2026-03-02')).toEqual({
      from: new Date('2026-03-01T00:00:00.000Z'),
      to: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(scoreDayBounds('2026-03-01', undefined, 120)).toEqual({
      from: new Date('2026-02-28T22:00:00.000Z'),
      to: null,
    });
    expect(scoreDayBounds(undefined, '2026-12-31', -300).to).toEqual(new Date('2027-01-01T05:00:00.000Z'));
  });

  it('has the columns of the spec in order, and the export named Score_List.xlsx', () => {
    expect(SCORE_COLUMNS.map((c) => c.title)).toEqual([
      'SIM NAME',
      'LEVEL',
      'MEMBER',
      'KEYWORD ACCURACY',
      'DATA SELECTION',
      'TYPING ACCURACY',
      'OVERALL DATA ACCURACY',
      'TOTAL TIME',
      'WRAP-UP TIME',
      'START DATE',
      'COMPLETED DATE',
      'SEND FOR REVIEW DATE',
      'REVIEW STATUS',
      'REVIEWED ON',
      'REVIEWER NAME',
      'ASSESSOR NOTES',
    ]);
    expect(SCORE_EXPORT.fileName).toBe('Score_List.xlsx');
  });
});

describe('score request schemas', () => {
  it('defaults to the final result; highest level alone turns it off; both together are refused', () => {
    expect(ZScoreListQuery.parse({})).toMatchObject({ final_result: true, highest_level: false, limit: 10 });
    expect(ZScoreListQuery.parse({ highest_level: 'true' })).toMatchObject({ final_result: false });
    expect(ZScoreListQuery.parse({ final_result: 'false' })).toMatchObject({ final_result: false });
    expect(ZScoreListQuery.safeParse({ highest_level: '1', final_result: 'true' }).success).toBe(false);
  });

  it('checks the filter: real days in order, ids, bounded lists', () => {
    expect(ZScoreFilter.safeParse({ startDate: '2026-02-29' }).success).toBe(false);
    expect(ZScoreFilter.safeParse({ startDate: '2028-02-29', endDate: '2028-03-01' }).success).toBe(true);
    expect(ZScoreFilter.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }).success).toBe(false);
    expect(ZScoreFilter.safeParse({ members: ['x'] }).success).toBe(false);
    expect(ZScoreFilter.parse({})).toMatchObject({ assigned: false, un_assigned: false, sims: [], utc_offset: 0 });
  });
});
