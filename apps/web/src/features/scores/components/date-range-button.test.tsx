import { SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { searchOf } from '../../assignments/testing/harness';
import { presetRange } from '../lib/date-range';
import { findCell, renderScoreTab } from '../testing/setup';
import { DateRangeButton } from './date-range-button';

// Wednesday 2026-03-18
const NOW = () => new Date(2026, 2, 18, 10, 0);
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function renderButton(value = { startDate: null as string | null, endDate: null as string | null }) {
  const onApply = vi.fn();
  render(<DateRangeButton value={value} onApply={onApply} now={NOW} />);
  return onApply;
}

describe('date-range popover', () => {
  it('offers the seven presets; a preset fills Start Date and End Date as DD-MM-YYYY; Apply sends YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onApply = renderButton();
    await user.click(screen.getByRole('button', { name: `${T.dateRange}: ${T.anyDate}` }));
    const dialog = within(await screen.findByRole('dialog', { name: T.dateRange }));
    expect(dialog.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last Week (Mo-Su)',
      'Month to Date',
      'Previous Month',
      'Year to Date',
      T.clearDates,
      SCORE_TEXTS.cancel,
      SCORE_TEXTS.apply,
    ]);
    await user.click(dialog.getByRole('button', { name: 'Last Week (Mo-Su)' }));
    expect(field(SCORE_TEXTS.startDate).value).toBe('09-03-2026');
    expect(field(SCORE_TEXTS.endDate).value).toBe('15-03-2026');
    await user.click(dialog.getByRole('button', { name: SCORE_TEXTS.apply }));
    expect(onApply).toHaveBeenCalledWith({ startDate: '2026-03-09', endDate: '2026-03-15' });
  });

  it('Cancel leaves the range as it was', async () => {
    const user = userEvent.setup();
    const onApply = renderButton({ startDate: '2026-03-01', endDate: '2026-03-05' });
    await user.click(screen.getByRole('button', { name: `${T.dateRange}: 01-03-2026 – 05-03-2026` }));
    expect(field(SCORE_TEXTS.startDate).value).toBe('01-03-2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: SCORE_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a typed day that does not exist and an end before the start', async () => {
    const user = userEvent.setup();
    const onApply = renderButton();
    await user.click(screen.getByRole('button', { name: `${T.dateRange}: ${T.anyDate}` }));
    await user.type(field(SCORE_TEXTS.startDate), '31-02-2026');
    await user.click(screen.getByRole('button', { name: SCORE_TEXTS.apply }));
    expect(screen.getByText(T.badDay)).toBeTruthy();
    await user.clear(field(SCORE_TEXTS.startDate));
    await user.type(field(SCORE_TEXTS.startDate), '10-03-2026');
    await user.type(field(SCORE_TEXTS.endDate), '09-03-2026');
    await user.click(screen.getByRole('button', { name: SCORE_TEXTS.apply }));
    expect(screen.getByText(SCORE_TEXTS.dateOrder)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('filters the scores by the applied range and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { lastListing, router } = renderScoreTab();
    await findCell('Member 1');
    await user.click(screen.getByRole('button', { name: `${T.dateRange}: ${T.anyDate}` }));
    await user.click(await screen.findByRole('button', { name: 'Month to Date' }));
    await user.click(screen.getByRole('button', { name: SCORE_TEXTS.apply }));
    const expected = presetRange('Month to Date');
    await waitFor(() => expect(lastListing().body).toMatchObject(expected));
    expect(searchOf(router).get('startDate')).toBe(expected.startDate);
    expect(searchOf(router).get('endDate')).toBe(expected.endDate);
  });
});
