import { SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../assignments/testing/harness';
import { CHART_LINES_MAX } from '../lib/score-chart';
import { makeInsights } from '../testing/fixtures';
import { findCell, renderScoreTab } from '../testing/setup';

const figure = (title: string) => screen.getByRole('figure', { name: title });

describe('score chart', () => {
  it('draws one line per member when few, named in the legend', async () => {
    renderScoreTab();
    await screen.findByRole('figure', { name: T.accuracyTitle });
    await waitFor(() => expect(within(figure(T.accuracyTitle)).getByText('Member 2')).toBeTruthy());
    expect(within(figure(T.accuracyTitle)).getByText('Member 1')).toBeTruthy();
    expect(within(figure(T.accuracyTitle)).queryByText(T.medianLabel)).toBeNull();
  });

  it('draws the median with its band for many members, and says so', async () => {
    const accuracy = Array.from({ length: CHART_LINES_MAX + 3 }, (_, i) => ({
      user_id: `u${i}`,
      member: `Learner ${i}`,
      points: [{ date: '2026-03-01', keyword_accuracy: 50 + i }],
    }));
    renderScoreTab({ insights: makeInsights({ accuracy, members_total: accuracy.length }) });
    await waitFor(() => expect(within(figure(T.accuracyTitle)).getByText(T.medianLabel)).toBeTruthy());
    const chart = within(figure(T.accuracyTitle));
    expect(chart.getByText(T.bandLabel)).toBeTruthy();
    expect(chart.getByText(T.medianNote(accuracy.length))).toBeTruthy();
    expect(chart.queryByText('Learner 0')).toBeNull();
  });

  it('lists the most-missed keywords, most missed first', async () => {
    renderScoreTab();
    await waitFor(() => expect(within(figure(T.missedTitle)).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(figure(T.missedTitle))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`verify: ${T.missedOf(5, 9)}`, `account number: ${T.missedOf(3, 4)}`]);
  });

  it('says when there is nothing to draw', async () => {
    renderScoreTab({ insights: makeInsights({ accuracy: [], members_total: 0, median: [], missed_keywords: [] }) });
    await waitFor(() => expect(within(figure(T.accuracyTitle)).getByText(SCORE_TEXTS.noScores)).toBeTruthy());
    expect(within(figure(T.missedTitle)).getByText(T.noMissedKeywords)).toBeTruthy();
  });

  it('says when the chart reads only the latest scores', async () => {
    renderScoreTab({ insights: makeInsights({ rows: 5000, rows_capped: true }) });
    expect(await screen.findByText(T.rowsCapped(5000))).toBeTruthy();
  });

  it('shows a placeholder while loading and the error of a failed chart, the table still shown', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    renderScoreTab({ insights: () => pending as unknown as Response });
    await findCell('Member 1');
    expect(document.querySelector('[aria-busy="true"] .MuiSkeleton-root')).not.toBeNull();
    answer(refusal(500, 'The chart could not be drawn', 'INTERNAL'));
    expect(await screen.findByText('The chart could not be drawn')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Member 1' })).toBeTruthy();
  });
});
