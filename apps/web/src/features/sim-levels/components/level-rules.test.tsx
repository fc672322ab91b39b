import {
  PASS_CRITERIA_TEXTS as P,
  LEVEL_RULE_MESSAGES as R,
  SCRIPT_SUMMARY_TEXTS as S,
  CREATE_LEVELS_TEXTS as T,
  type TPassFail,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/render-app';
import { makeLevel, makeScript, makeSim, SIM_ID } from '../testing/fixtures';
import { callsTo, renderCreateLevels } from '../testing/harness';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const SECOND = '00000000-0000-4000-8000-0000000000b2';
const criteriaOn = (levelId: string) =>
  ({
    _id: 'pf',
    sim_id: SIM_ID,
    sim_level_id: levelId,
    threshold_keyword_accuracy: 80,
    threshold_typing_accuracy: null,
    threshold_data_selection_accuracy: null,
    threshold_overall_accuracy: null,
    disable_threshold_keyword_accuracy: false,
    disable_threshold_typing_accuracy: true,
    disable_threshold_data_selection_accuracy: true,
    disable_threshold_overall_accuracy: false,
    allow_skip_levels: false,
    status: 'set',
  }) satisfies TPassFail;

describe('Create Levels: the rules of levels (issue 15)', () => {
  it('a hiring sim has one level: + ADD A LEVEL, GENERATE SIM and Import are off, saying why', async () => {
    const sim = { ...makeSim([makeLevel([makeScript('customer', 'Hi')])]), sim_type: 'hiring' as const };
    renderCreateLevels(sim);
    await screen.findByRole('listitem', { name: T.lineNumber(1) });
    for (const name of [T.addLevel, T.generateSim, T.import]) expect(button(name).disabled).toBe(true);
    await userEvent.hover(button(T.addLevel).parentElement as HTMLElement);
    expect(await screen.findByText(R.hiringOneLevelHint)).toBeTruthy();
  });

  it('badges the level that carries the pass criteria; deleting it takes the badge away', async () => {
    const second = makeLevel([], { _id: SECOND, name: 'Watch the experts', order: 1 });
    const { state, calls } = renderCreateLevels(
      { ...makeSim([makeLevel([]), second]), pass_fail: criteriaOn(SECOND), is_pass_fail_criteria_set: true },
      (call) => {
        if (call.path !== '/api/v1/sims/delete-level') return undefined;
        // the server clears the criteria with their level
        state.sim = { ...makeSim([makeLevel([])]), pass_fail: null };
        return jsonResponse({ success: true, message: 'Level deleted successfully.' });
      },
    );
    const list = await screen.findByRole('list', { name: T.levelsList });
    const badges = within(list).getAllByTestId('pass-criteria-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.closest('li')?.textContent).toContain('Watch the experts');
    expect(within(list).getByText(P.badge)).toBeTruthy();
    await userEvent.click(button(T.deleteLevelOf('Watch the experts')));
    const dialog = await screen.findByRole('dialog', { name: T.deleteLevel });
    await userEvent.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() => expect(callsTo(calls, '/api/v1/sims/delete-level')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('pass-criteria-badge')).toBeNull());
  });

  it('refuses a level name the sim already has before sending it', async () => {
    const { calls } = renderCreateLevels(makeSim([makeLevel([])]));
    await userEvent.click(await screen.findByRole('button', { name: T.addLevel }));
    const dialog = await screen.findByRole('dialog', { name: T.addLevelTitle });
    const name = within(dialog).getByRole('textbox', { name: T.levelName });
    await userEvent.clear(name);
    await userEvent.type(name, ' watch AND learn ');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(within(dialog).getByText(R.duplicateLevelName('watch AND learn'))).toBeTruthy();
    expect(callsTo(calls, '/api/v1/sims/add-level')).toHaveLength(0);
  });

  it("sums up a line's hint, auto-populate fields and keywords (up to 20 in the tooltip)", async () => {
    const keywords = Array.from({ length: 23 }, (_, i) => `word${i + 1}`);
    const targets = ['Subject', 'Priority', 'Status', 'Origin'].map((field_title) => ({ field_title }));
    const agent = makeScript('agent', 'Which day suits you?', {
      keywords,
      hint_text: 'Offer two days',
      autopopulate_data: targets,
      autopopulate_timer: 5,
    });
    renderCreateLevels(makeSim([makeLevel([agent])]));
    const row = await screen.findByRole('listitem', { name: T.lineNumber(1) });
    expect(within(row).getByTestId('autopopulate-summary').textContent).toBe(
      S.autopopulateOf('Subject, Priority, Status...', 5),
    );
    await userEvent.hover(within(row).getByTestId('hint-indicator'));
    expect(await screen.findByText(S.hintOf('Offer two days'))).toBeTruthy();
    await userEvent.hover(within(row).getByTestId('keyword-summary'));
    const tip = (await screen.findByText('word20')).closest('[role="tooltip"]') as HTMLElement;
    expect(within(tip).getAllByRole('listitem')).toHaveLength(21);
    expect(within(tip).getByText('word20')).toBeTruthy();
    expect(within(tip).queryByText('word21')).toBeNull();
    expect(within(tip).getByText(S.moreKeywords(3))).toBeTruthy();
  });
});
