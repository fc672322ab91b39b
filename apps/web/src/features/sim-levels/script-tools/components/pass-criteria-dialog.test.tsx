import {
  AUTHORING_MESSAGES,
  AUTHORING_TIMEOUTS_MS,
  PASS_CRITERIA_TEXTS as P,
  SCRIPT_TOOLS_TEXTS as T,
  type TPassFail,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../../testing/fake-timers';
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
import { PassCriteriaDialog } from './pass-criteria-dialog';

const L = T.thresholdLabels;
const level1 = makeLevel();
const level2 = makeLevel({ _id: LEVEL2_ID, name: 'Watch the experts', order: 1 });

function passFail(levelId: string): TPassFail {
  return {
    _id: 'pf1',
    sim_id: SIM_ID,
    sim_level_id: levelId,
    threshold_keyword_accuracy: 80,
    threshold_typing_accuracy: null,
    threshold_data_selection_accuracy: null,
    threshold_overall_accuracy: 75,
    disable_threshold_keyword_accuracy: false,
    disable_threshold_typing_accuracy: true,
    disable_threshold_data_selection_accuracy: true,
    disable_threshold_overall_accuracy: false,
    allow_skip_levels: true,
    status: 'set',
  };
}

function setup({
  pf = null as TPassFail | null,
  productType = 'Internal Data',
  answer = undefined as ((c: Call) => Response) | undefined,
} = {}) {
  const calls = mockApi((call) => {
    if (answer) return answer(call);
    if (call.path === '/api/v1/sims/set-criteria') return ok({ message: 'ok', pass_fail: passFail(LEVEL_ID) });
    if (call.path === '/api/v1/sims/remove-sim-passFail') return ok({ message: AUTHORING_MESSAGES.criteriaRemoved });
    return undefined;
  });
  const onChanged = vi.fn();
  const sim = makeSim({ product_type: productType, levels: [level1, level2], pass_fail: pf });
  renderDialog(<PassCriteriaDialog open sim={sim} level={level1} onClose={vi.fn()} onChanged={onChanged} />);
  return { calls, onChanged };
}

const input = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;
const na = (label: string) => screen.getByRole('checkbox', { name: T.notApplicableOf(label) }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('PassCriteriaDialog', () => {
  it('sets the criteria: empty means undefined, NA disables a threshold; the success alert lasts 2 seconds', async () => {
    const { user, advance } = fakeClock();
    const { calls, onChanged } = setup();
    expect(button(T.unset).disabled).toBe(true);
    await user.type(input(L.keyword), '70');
    await user.click(na(L.typing));
    expect(input(L.typing).disabled).toBe(true);
    await user.type(input(L.overall), '65.5');
    await user.click(screen.getByRole('checkbox', { name: T.allowSkipLevels }));
    await user.click(button(T.set));
    expect(await screen.findByText(AUTHORING_MESSAGES.criteriaSet)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/api/v1/sims/set-criteria' });
    expect(calls[0]?.body).toEqual({
      sim_id: SIM_ID,
      sim_level_id: LEVEL_ID,
      threshold_keyword_accuracy: 70,
      threshold_typing_accuracy: null,
      threshold_data_selection_accuracy: null,
      threshold_overall_accuracy: 65.5,
      disable_threshold_keyword_accuracy: false,
      disable_threshold_typing_accuracy: true,
      disable_threshold_data_selection_accuracy: false,
      disable_threshold_overall_accuracy: false,
      allow_skip_levels: true,
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(button(T.unset).disabled).toBe(false);
    await advance(AUTHORING_TIMEOUTS_MS.passCriteriaAlert - BEFORE_DUE_MS);
    expect(screen.getByText(AUTHORING_MESSAGES.criteriaSet)).toBeTruthy();
    await advance(BEFORE_DUE_MS + 100);
    expect(screen.queryByText(AUTHORING_MESSAGES.criteriaSet)).toBeNull();
  });

  it('refuses a threshold that is not a percentage', async () => {
    const { calls } = setup();
    await userEvent.type(input(L.keyword), '150');
    await userEvent.click(button(T.set));
    expect(screen.getByText(AUTHORING_MESSAGES.thresholdRange)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('starts Voice Only products with typing and data selection NA', () => {
    setup({ productType: 'Voice Only' });
    expect(na(L.typing).checked).toBe(true);
    expect(na(L.dataSelection).checked).toBe(true);
    expect(na(L.keyword).checked).toBe(false);
  });

  it('shows the criteria this level carries and unsets them', async () => {
    const { calls, onChanged } = setup({ pf: passFail(LEVEL_ID) });
    expect(screen.getByText(T.criteriaOnThisLevel)).toBeTruthy();
    expect(input(L.keyword).value).toBe('80');
    expect(input(L.overall).value).toBe('75');
    expect(na(L.typing).checked).toBe(true);
    await userEvent.click(button(T.unset));
    expect(await screen.findByText(AUTHORING_MESSAGES.criteriaRemoved)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      path: '/api/v1/sims/remove-sim-passFail',
      body: { sim_id: SIM_ID, sim_level_id: LEVEL_ID },
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(button(T.unset).disabled).toBe(true);
  });

  it('asks first when another level carries the criteria', async () => {
    const { calls } = setup({ pf: passFail(LEVEL2_ID) });
    expect(input(L.keyword).value).toBe('');
    await userEvent.type(input(L.keyword), '90');
    await userEvent.click(button(T.set));
    const confirm = screen.getByRole('dialog', { name: T.criteriaElsewhereTitle });
    expect(within(confirm).getByText(T.criteriaElsewhere('Watch the experts'))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: /cancel/i }));
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.criteriaElsewhereTitle })).toBeNull());
    await userEvent.click(button(T.set));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: T.criteriaElsewhereTitle })).getByRole('button', { name: T.confirm }),
    );
    expect(await screen.findByText(AUTHORING_MESSAGES.criteriaSet)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ sim_level_id: LEVEL_ID, threshold_keyword_accuracy: 90 });
  });

  it('asks before setting them again on the level that carries them (issue 15)', async () => {
    const { calls } = setup({ pf: passFail(LEVEL_ID) });
    await userEvent.clear(input(L.keyword));
    await userEvent.type(input(L.keyword), '85');
    await userEvent.click(button(T.set));
    const confirm = screen.getByRole('dialog', { name: P.replaceTitle });
    expect(within(confirm).getByText(P.replaceHere)).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(AUTHORING_MESSAGES.criteriaSet)).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ sim_level_id: LEVEL_ID, threshold_keyword_accuracy: 85 });
  });

  it("shows the server's refusal", async () => {
    setup({ answer: () => refusal(400, 'Thresholds are percentages from 0 to 100.', 'INVALID_INPUT') });
    await userEvent.click(button(T.set));
    expect(await screen.findByText('Thresholds are percentages from 0 to 100.')).toBeTruthy();
  });
});
