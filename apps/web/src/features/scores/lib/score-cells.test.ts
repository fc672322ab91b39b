import { SCORE_COLUMNS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { makeScoreRow } from '../testing/fixtures';
import { cellText, cutNotes, resultUrl, reviewStatusText, scoreDateText, showingText } from './score-cells';

/** An instant given in local time (the table shows the browser's time zone). */
const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

describe('score cells', () => {
  it('shows dates as YYYY-MMM-DD h:mm A in local time, ------ when none', () => {
    expect(scoreDateText(local(2026, 3, 1, 15, 7))).toBe('2026-Mar-01 3:07 PM');
    expect(scoreDateText(local(2026, 12, 9, 0, 5))).toBe('2026-Dec-09 12:05 AM');
    expect(scoreDateText(null)).toBe('------');
    expect(scoreDateText('not a date')).toBe('------');
  });

  it.each([
    [null, '0m 0s'],
    [0, '0m 0s'],
    [59, '0m 59s'],
    [61, '1m 1s'],
    [3725, '1h 2m 5s'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(cellText('total_seconds', makeScoreRow(1, { total_seconds: seconds ?? 0 }))).toBe(text);
    expect(cellText('wrapSeconds', makeScoreRow(1, { wrapSeconds: seconds ?? 0 }))).toBe(text);
  });

  it('shows every column of a full row', () => {
    const row = makeScoreRow(1, {
      start_date: local(2026, 3, 1, 14, 0),
      completed_date: local(2026, 3, 1, 15, 7),
      sent_for_review_date: local(2026, 3, 2, 9, 30),
      reviewed_date: local(2026, 3, 3, 11, 0),
      status: 'NO PASS',
      review_status: true,
      reviewed_by: 'Sam Supervisor',
      assessor_notes: 'Check the greeting',
    });
    expect(SCORE_COLUMNS.map((c) => cellText(c.key, row))).toEqual([
      'Billing Dispute Call',
      'LEVEL 3 - Read with keywords',
      'Member 1',
      '87.50%',
      '75.00%',
      '50.00%',
      '70.83%',
      '1h 2m 5s',
      '0m 0s',
      '2026-Mar-01 2:00 PM',
      '2026-Mar-01 3:07 PM',
      '2026-Mar-02 9:30 AM',
      'NO PASS',
      '2026-Mar-03 11:00 AM',
      'Sam Supervisor',
      'Check the greeting',
    ]);
  });

  it('shows N/A for figures that do not apply and ------ for what is missing', () => {
    const row = makeScoreRow(1, {
      keywordAccuracy: null,
      data_selection_accuracy: null,
      typing_accuracy: null,
      overall_percentage: null,
      completed_date: null,
      reviewed_by: null,
      assessor_notes: '   ',
    });
    const text = (key: (typeof SCORE_COLUMNS)[number]['key']) => cellText(key, row);
    expect(
      ['keywordAccuracy', 'data_selection', 'typing_accuracy', 'overall_percentage'].map((k) => text(k as 'sim')),
    ).toEqual(['N/A', 'N/A', 'N/A', 'N/A']);
    expect([
      text('completed_date'),
      text('sent_for_review_date'),
      text('review_status'),
      text('reviewed_date'),
    ]).toEqual(['------', '------', '------', '------']);
    expect([text('reviewed_by'), text('assessor_notes')]).toEqual(['------', '------']);
  });

  it('shows the review status once decided or while pending', () => {
    expect(reviewStatusText({ review_status: true, status: 'PASS' })).toBe('PASS');
    expect(reviewStatusText({ review_status: false, status: 'PENDING REVIEW' })).toBe('PENDING REVIEW');
    expect(reviewStatusText({ review_status: false, status: 'COMPLETED' })).toBe('------');
  });

  it('cuts assessor notes at 90 characters', () => {
    expect(cutNotes('x'.repeat(90))).toHaveLength(90);
    expect(cutNotes('x'.repeat(120))).toBe(`${'x'.repeat(87)}...`);
  });
});

describe('the pager text and the result link', () => {
  it.each([
    [0, 10, 10, 25, false, 'Showing 1 to 10 of 25 entries'],
    [2, 10, 5, 25, false, 'Showing 21 to 25 of 25 entries'],
    [0, 10, 0, 0, false, 'Showing 0 to 0 of 0 entries'],
    [0, 10, 10, 1000, true, 'Showing 1 to 10 of 1000+ entries'],
  ])('page %i of %i rows, %i shown of %i (capped %s): %s', (page, limit, shown, total, capped, text) => {
    expect(showingText(page, limit, shown, total, capped)).toBe(text);
  });

  it('opens the reviewer’s result view of the row’s level', () => {
    const url = new URL(resultUrl(makeScoreRow(4)), 'http://x');
    expect(url.pathname).toBe('/sims/takesim');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      viewResult: 'true',
      assignment_id: makeScoreRow(4).assignment_id,
      user_id: makeScoreRow(4).user_id,
      sim_id: makeScoreRow(4).sim_id,
      levelId: makeScoreRow(4).level_id,
      reviewer: 'true',
    });
  });
});
