import { SCORECARD_TEXTS as S } from '@sim/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { makeLevelStats } from '../testing/fixtures';
import { LevelCard } from './level-card';

/** Issue 31: a level card shows the level's latest result (its figure, PASS / NOT PASSED when judged). */
function card(stats: ReturnType<typeof makeLevelStats>) {
  render(
    <MuiTheme>
      <LevelCard stats={stats} simType="training" locked={false} canStart onStart={vi.fn()} onViewResults={vi.fn()} />
    </MuiTheme>,
  );
  return screen.getByRole('article');
}

const latest = (over: {
  keyword_accuracy?: number | null;
  overall_percentage?: number | null;
  passed?: boolean | null;
}) =>
  makeLevelStats(2, {
    total_attempts: 2,
    completed_attempts: 1,
    pass_fail_details: {
      user_response_id: 'r1',
      keyword_accuracy: 45,
      overall_percentage: 45,
      passed: null,
      completed_on: '2030-03-04T10:00:00.000Z',
      ...over,
    },
  });

describe('a level card’s latest result', () => {
  it('shows the latest figure and NOT PASSED on the level carrying the criteria', () => {
    const article = card(latest({ passed: false }));
    const result = within(article).getByRole('group', { name: S.latestResult });
    expect(within(result).getByText(S.latestFigure('45%'))).toBeTruthy();
    expect(within(result).getByText(S.notPassed)).toBeTruthy();
  });

  it('shows PASS', () => {
    const article = card(latest({ passed: true, overall_percentage: 80, keyword_accuracy: 80 }));
    const result = within(article).getByRole('group', { name: S.latestResult });
    expect(within(result).getByText(S.latestFigure('80%'))).toBeTruthy();
    expect(within(result).getByText(S.passed)).toBeTruthy();
  });

  it('shows only the figure on a level without criteria, N/A when it has none, and nothing before a result', () => {
    const article = card(latest({ passed: null, keyword_accuracy: null, overall_percentage: null }));
    const result = within(article).getByRole('group', { name: S.latestResult });
    expect(result.textContent).toBe(S.latestFigure('N/A'));
  });

  it('shows nothing before a result', () => {
    const article = card(makeLevelStats(2));
    expect(within(article).queryByRole('group', { name: S.latestResult })).toBeNull();
  });
});
