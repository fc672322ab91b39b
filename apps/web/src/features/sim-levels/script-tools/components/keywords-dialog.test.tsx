import { AUTHORING_TEXTS, AUTHORING_TIMEOUTS_MS, GRADING_MESSAGES, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../../testing/fake-timers';
import { makeScript, mockApi, ok, refusal, renderDialog, SCRIPT_ID, SIM_ID } from '../testing/fixtures';
import { KeywordsDialog } from './keywords-dialog';

function setup(answer = () => ok({ message: 'Keywords saved successfully.', keywords: [], duplicates: [] })) {
  const calls = mockApi((call) => (call.path === '/api/v1/sims/keywords' ? answer() : undefined));
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderDialog(<KeywordsDialog open simId={SIM_ID} script={makeScript()} onClose={onClose} onSaved={onSaved} />);
  const input = screen.getByRole('textbox', { name: T.keywordInput });
  const tags = () =>
    within(screen.getByRole('list', { name: T.keywordInput }))
      .queryAllByRole('listitem')
      .map((li) => li.querySelector('.MuiChip-label')?.textContent);
  return { calls, onClose, onSaved, input, tags };
}

describe('KeywordsDialog', () => {
  it('shows the hints and the saved keywords', () => {
    const { tags } = setup();
    expect(screen.getByRole('dialog', { name: T.keywordsTitle })).toBeTruthy();
    expect(screen.getByText(AUTHORING_TEXTS.keywordDialogHint)).toBeTruthy();
    expect(screen.getByText(GRADING_MESSAGES.keywordHint)).toBeTruthy();
    expect(tags()).toEqual(['thank you for calling']);
  });

  it('adds the entry on Enter, split on commas, trimmed and without duplicates', async () => {
    const { input, tags } = setup();
    await userEvent.type(input, ' refund ,  credit | debit,Refund!{Enter}');
    expect(tags()).toEqual(['thank you for calling', 'refund', 'credit | debit']);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Already in the list, left out: Refund!/)).toBeTruthy();
  });

  it("refuses an entry with both operators for 3 seconds: 'Use only one operator & or |'", async () => {
    const { user, advance } = fakeClock();
    const { input, tags, calls } = setup();
    await user.type(input, 'refund & credit | debit{Enter}');
    expect(screen.getByText(GRADING_MESSAGES.mixedOperators)).toBeTruthy();
    expect(tags()).toEqual(['thank you for calling']);
    // the text stays so it can be corrected; Save refuses it too
    expect((input as HTMLInputElement).value).toBe('refund & credit | debit');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(calls).toHaveLength(0);
    await advance(AUTHORING_TIMEOUTS_MS.keywordError - BEFORE_DUE_MS);
    expect(screen.getByText(GRADING_MESSAGES.mixedOperators)).toBeTruthy();
    await advance(BEFORE_DUE_MS + 100);
    expect(screen.queryByText(GRADING_MESSAGES.mixedOperators)).toBeNull();
  });

  it('removes a tag and saves the list with what is still typed', async () => {
    const { input, calls, onSaved, onClose } = setup();
    await userEvent.type(input, 'booked{Enter}');
    await userEvent.click(screen.getByRole('img', { name: T.removeKeyword('thank you for calling') }));
    await userEvent.type(input, 'insurance card');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/sims/keywords',
        body: { sim_id: SIM_ID, script_id: SCRIPT_ID, keywords: ['booked', 'insurance card'] },
      }),
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and stays open", async () => {
    const { calls, onSaved, onClose } = setup(() => refusal(400, 'Use only one operator & or |', 'INVALID_INPUT'));
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Use only one operator & or |')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = setup();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
