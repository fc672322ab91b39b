import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { details, fakeBrowser, renderTakeSim, serve, step, takeSimPath } from '../testing/take-sim-harness';

const AGENT_LINE = 'I can schedule your appointment for Monday.';
const AFTER = 'Great, thank you.';

/**
 * Issue 31: in practice, NEXT on the learner's turn before any take skipped the line without a word (and the
 * level then counted as completed at 0%). It now asks first; Cancel stays on the turn, "Go on" moves on.
 */
describe('NEXT past an unrecorded turn in practice (issue 31)', () => {
  it('asks before going on without a recording', async () => {
    fakeBrowser();
    serve({
      details: details([step('agent', AGENT_LINE, { keywords: ['schedule'] }), step('customer', AFTER)]),
    });
    renderTakeSim(takeSimPath(), { mode: 'practice', type: 'training' });
    expect(await screen.findByText(AGENT_LINE)).toBeTruthy();
    expect(screen.getByText(T.yourTurn)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: T.next }));
    const dialog = await screen.findByRole('dialog', { name: T.skipTitle });
    expect(within(dialog).getByText(T.skipMessage)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /cancel|no/i }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.skipTitle })).toBeNull());
    expect(screen.getByText(AGENT_LINE)).toBeTruthy();
    expect(screen.queryByText(AFTER)).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: T.next }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: T.skipTitle })).getByRole('button', { name: T.skipConfirm }),
    );
    expect(await screen.findByText(AFTER)).toBeTruthy();
  });
});
