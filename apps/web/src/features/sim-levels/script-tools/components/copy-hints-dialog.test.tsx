import { AUTHORING_MESSAGES, SCRIPT_TOOLS_MESSAGES, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type Call,
  LEVEL_ID,
  LEVEL2_ID,
  makeLevel,
  makeSim,
  mockApi,
  ok,
  refusal,
  renderDialog,
  SIM_ID,
} from '../testing/fixtures';
import { CopyHintsDialog } from './copy-hints-dialog';

const level1 = makeLevel();
const level2 = makeLevel({ _id: LEVEL2_ID, name: 'Try w/o help', order: 1 });

function setup(answer: (call: Call) => Response, levels = [level1, level2]) {
  const calls = mockApi((call) => (call.path === '/api/v1/sims/copy-hint-text' ? answer(call) : undefined));
  const onChanged = vi.fn();
  renderDialog(
    <CopyHintsDialog open sim={makeSim({ levels })} level={level1} onClose={vi.fn()} onChanged={onChanged} />,
  );
  return { calls, onChanged };
}

async function pick(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: T.importInto }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('CopyHintsDialog', () => {
  it("imports this level's hints into the chosen level: 'Hints imported successfully'", async () => {
    const { calls, onChanged } = setup(() => ok({ message: 'ok', updated: 3 }));
    await userEvent.click(screen.getByRole('button', { name: T.importHints }));
    expect(screen.getByText(SCRIPT_TOOLS_MESSAGES.chooseLevel)).toBeTruthy();
    expect(calls).toHaveLength(0);
    // only the other levels are offered
    await userEvent.click(screen.getByRole('combobox', { name: T.importInto }));
    expect(screen.queryByRole('option', { name: 'Watch and Learn' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Try w/o help' }));
    await userEvent.click(screen.getByRole('button', { name: T.importHints }));
    expect(await screen.findByText(AUTHORING_MESSAGES.hintsImported)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ sim_id: SIM_ID, level_id: LEVEL_ID, import_to_levelId: LEVEL2_ID });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("shows 'Could not import Hints into Level' when the server refuses", async () => {
    const { onChanged } = setup(() => refusal(422, AUTHORING_MESSAGES.hintsNotImported));
    await pick('Try w/o help');
    await userEvent.click(screen.getByRole('button', { name: T.importHints }));
    expect(await screen.findByText(AUTHORING_MESSAGES.hintsNotImported)).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says when the sim has no other level', () => {
    setup(() => ok({}), [level1]);
    expect(screen.getByText(T.noOtherLevel)).toBeTruthy();
    expect((screen.getByRole('button', { name: T.importHints }) as HTMLButtonElement).disabled).toBe(true);
  });
});
