import { SCORE_DATE_PRESETS, SCORE_UI_TEXTS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { checkDraft, displayDay, draftOf, parseDisplayDay, presetRange, rangeLabel } from './date-range';

// Wednesday 2026-03-18, afternoon
const NOW = new Date(2026, 2, 18, 15, 30);

describe('date range values and display', () => {
  it('shows YYYY-MM-DD values as DD-MM-YYYY and reads them back', () => {
    expect(displayDay('2026-03-01')).toBe('01-03-2026');
    expect(displayDay(null)).toBe('');
    expect(parseDisplayDay('01-03-2026')).toBe('2026-03-01');
    expect(parseDisplayDay(' 1/3/2026 ')).toBe('2026-03-01');
  });

  it.each(['31-02-2026', '2026-03-01', '1-13-2026', 'tomorrow', ''])('refuses %j as a day', (text) => {
    expect(parseDisplayDay(text)).toBeNull();
  });

  it.each([
    ['Today', '2026-03-18', '2026-03-18'],
    ['Yesterday', '2026-03-17', '2026-03-17'],
    ['Last 7 days', '2026-03-12', '2026-03-18'],
    ['Last Week (Mo-Su)', '2026-03-09', '2026-03-15'],
    ['Month to Date', '2026-03-01', '2026-03-18'],
    ['Previous Month', '2026-02-01', '2026-02-28'],
    ['Year to Date', '2026-01-01', '2026-03-18'],
  ] as const)('%s is %s to %s', (preset, startDate, endDate) => {
    expect(presetRange(preset, NOW)).toEqual({ startDate, endDate });
  });

  it('offers the seven presets of the spec, in order', () => {
    expect(SCORE_DATE_PRESETS).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last Week (Mo-Su)',
      'Month to Date',
      'Previous Month',
      'Year to Date',
    ]);
  });
});

describe('Apply', () => {
  it('accepts two days in order, one day, or none', () => {
    expect(checkDraft({ start: '01-03-2026', end: '31-03-2026' })).toEqual({
      ok: true,
      range: { startDate: '2026-03-01', endDate: '2026-03-31' },
    });
    expect(checkDraft({ start: '', end: '05-03-2026' })).toEqual({
      ok: true,
      range: { startDate: null, endDate: '2026-03-05' },
    });
    expect(checkDraft({ start: ' ', end: '' })).toEqual({ ok: true, range: { startDate: null, endDate: null } });
  });

  it('refuses a day that is not one, and an end before the start', () => {
    expect(checkDraft({ start: '32-01-2026', end: '' })).toEqual({
      ok: false,
      startError: SCORE_UI_TEXTS.badDay,
      endError: null,
    });
    expect(checkDraft({ start: '10-03-2026', end: '09-03-2026' })).toEqual({
      ok: false,
      startError: null,
      endError: 'The start date must not be after the end date',
    });
  });

  it('labels the button with the range', () => {
    expect(rangeLabel({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('01-03-2026 – 31-03-2026');
    expect(rangeLabel({ startDate: '2026-03-01', endDate: '2026-03-01' })).toBe('01-03-2026');
    expect(rangeLabel({ startDate: null, endDate: null })).toBe(SCORE_UI_TEXTS.anyDate);
    expect(draftOf({ startDate: '2026-03-01', endDate: null })).toEqual({ start: '01-03-2026', end: '' });
  });
});
