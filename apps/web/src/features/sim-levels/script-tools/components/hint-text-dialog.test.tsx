import { SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeLevel, makeScript, mockApi, ok, refusal, renderDialog, SCRIPT_ID, SIM_ID } from '../testing/fixtures';
import { HintTextDialog } from './hint-text-dialog';

function setup(answer = () => ok({ script: makeScript(), level: makeLevel(), sim_script_id: SCRIPT_ID })) {
  const calls = mockApi((call) => (call.path === '/api/v1/sims/scripts' ? answer() : undefined));
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderDialog(
    <HintTextDialog
      open
      simId={SIM_ID}
      script={makeScript({ hint_text: 'Greet' })}
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { calls, onSaved, onClose };
}

describe('HintTextDialog', () => {
  it('saves the multi-line hint on the script', async () => {
    const { calls, onSaved, onClose } = setup();
    const text = screen.getByRole('textbox', { name: T.hintLabel });
    expect((text as HTMLTextAreaElement).value).toBe('Greet');
    await userEvent.type(text, ' the caller{Enter}and say your name ');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/sims/scripts',
      body: { _id: SCRIPT_ID, sim_id: SIM_ID, hint_text: 'Greet the caller\nand say your name' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('Cancel closes without saving', async () => {
    const { calls, onClose } = setup();
    await userEvent.click(screen.getByRole('button', { name: T.cancel }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const { onSaved } = setup(() => refusal(404, 'Not found'));
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
