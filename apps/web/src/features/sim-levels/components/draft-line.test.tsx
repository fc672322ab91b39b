import { AUTHORING_TEXTS, AUTHORING_TIMEOUTS_MS, SCRIPT_DRAFT_TEXTS as D, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import { jsonResponse } from '../../../testing/render-app';
import { characterOfType, LEVEL_ID, makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { type Call, callsTo, renderCreateLevels } from '../testing/harness';

const agent = characterOfType('agent');
const saved = (scriptId: string) =>
  jsonResponse({
    success: true,
    message: 'ok',
    sim_script_id: scriptId,
    sim_level_id: LEVEL_ID,
    script: {},
    level: {},
  });
const scriptCalls = (calls: Call[]) => callsTo(calls, '/api/v1/sims/scripts');

/** A new line is a draft until the author writes it (issue 15): no placeholder text is ever stored. */
describe('Create Levels: a new line is a draft', () => {
  it('stores nothing until the line is written; Cancel drops it', async () => {
    const { calls } = renderCreateLevels(makeSim([makeLevel([makeScript('customer', 'Hello')])]));
    await userEvent.click(await screen.findByRole('button', { name: T.addLineFor(agent.name) }));
    const draft = await screen.findByRole('listitem', { name: T.lineNumber(2) });
    expect(draft.getAttribute('data-draft')).toBe('true');
    expect(within(draft).getByText(D.label)).toBeTruthy();
    const box = within(draft).getByRole('textbox', { name: T.scriptText }) as HTMLTextAreaElement;
    expect(box.value).toBe('');
    expect(box.placeholder).toBe(D.placeholder(agent.name));
    expect(scriptCalls(calls)).toHaveLength(0);
    await userEvent.click(within(draft).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: T.lineNumber(2) })).toBeNull());
    expect(scriptCalls(calls)).toHaveLength(0);
  });

  it('written, it is created where it was added, highlighted for 3 seconds, and audio is offered', async () => {
    const { user, advance } = fakeClock();
    const existing = makeScript('customer', 'Hello');
    const added = makeScript('agent', 'Which day suits you?');
    const { calls, state } = renderCreateLevels(makeSim([makeLevel([existing])]), (call) => {
      if (call.path !== '/api/v1/sims/scripts') return undefined;
      state.sim = makeSim([makeLevel([existing, added])]);
      return saved(added._id);
    });
    await user.click(await screen.findByRole('button', { name: T.addLineFor(agent.name) }));
    const draft = await screen.findByRole('listitem', { name: T.lineNumber(2) });
    await user.type(within(draft).getByRole('textbox', { name: T.scriptText }), 'Which day suits you?');
    await user.click(within(draft).getByRole('button', { name: T.save }));
    await waitFor(() => expect(scriptCalls(calls)).toHaveLength(1));
    expect(scriptCalls(calls)[0]?.body).toEqual({
      sim_id: SIM_ID,
      sim_level_id: LEVEL_ID,
      sim_character_id: agent._id,
      script: 'Which day suits you?',
      order: 2,
    });
    // no audio yet: the auto-generate prompt (a dialog: the page behind it is hidden from the role queries)
    expect(await screen.findByText(AUTHORING_TEXTS.autoGenerateAudio)).toBeTruthy();
    const row = screen.getByRole('listitem', { name: T.lineNumber(2), hidden: true });
    expect(row.getAttribute('data-draft')).toBeNull();
    expect(row.getAttribute('data-highlighted')).toBe('true');
    await advance(AUTHORING_TIMEOUTS_MS.newScriptHighlight);
    expect(row.getAttribute('data-highlighted')).toBeNull();
  });

  it('creates the level with the first line when the sim has none', async () => {
    const customer = characterOfType('customer');
    const { calls } = renderCreateLevels(makeSim([]), (call) =>
      call.path === '/api/v1/sims/scripts' ? saved('new') : undefined,
    );
    expect(await screen.findByText(T.noLevels)).toBeTruthy();
    expect(screen.getByText(T.notSaved)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.addLineFor(customer.name) }));
    const draft = await screen.findByRole('listitem', { name: T.lineNumber(1) });
    await userEvent.type(within(draft).getByRole('textbox', { name: T.scriptText }), 'I need an appointment.');
    await userEvent.click(within(draft).getByRole('button', { name: T.save }));
    await waitFor(() => expect(scriptCalls(calls)).toHaveLength(1));
    expect(scriptCalls(calls)[0]?.body).toEqual({
      sim_id: SIM_ID,
      sim_character_id: customer._id,
      script: 'I need an appointment.',
      order: 1,
      is_level: true,
      name: 'Watch and Learn',
      level_order: 0,
    });
  });
});
