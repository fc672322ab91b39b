import { AUTHORING_MESSAGES, GENERATED_LEVEL_DEFAULTS, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type Call,
  LEVEL2_ID,
  makeLevel,
  makeSim,
  mockApi,
  ok,
  refusal,
  renderDialog,
  SIM_ID,
} from '../testing/fixtures';
import { GenerateSimDialog } from './generate-sim-dialog';

function setup(levels = 1, answer: (call: Call) => Response = () => ok({ message: 'ok', levels: [] })) {
  const calls = mockApi((call) => (call.path === '/api/v1/sims/generate-sim' ? answer(call) : undefined));
  const onGenerated = vi.fn();
  const all = [makeLevel(), makeLevel({ _id: LEVEL2_ID, name: 'Extra', order: 1 })].slice(0, levels);
  renderDialog(<GenerateSimDialog open sim={makeSim({ levels: all })} onClose={vi.fn()} onGenerated={onGenerated} />);
  return { calls, onGenerated };
}

const generate = () => screen.getByRole('button', { name: T.generate }) as HTMLButtonElement;
const check = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const flag = (flagName: keyof typeof T.generateFlagLabels, level: string) =>
  check(T.flagOf(T.generateFlagLabels[flagName], level));

describe('GenerateSimDialog', () => {
  it("generates the four levels with the spec's transforms", async () => {
    const { calls, onGenerated } = setup(1);
    expect(flag('remove_coach', 'Watch the experts').checked).toBe(true);
    expect(flag('auto_populate', 'Watch the experts').checked).toBe(true);
    expect(flag('convert_agent', 'Try w/ scripts').checked).toBe(true);
    expect(flag('include_keywords', 'Try w/ keywords').checked).toBe(true);
    expect(flag('remove_agent', 'Try w/o help').checked).toBe(true);
    expect(flag('remove_agent', 'Try w/ scripts').checked).toBe(false);
    expect(screen.getByText(T.levelsAfter(5))).toBeTruthy();
    await userEvent.click(generate());
    expect(await screen.findByText(AUTHORING_MESSAGES.levelsGenerated)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      sim_id: SIM_ID,
      levelId: Object.entries(GENERATED_LEVEL_DEFAULTS).map(([name, flags]) => ({ name, ...flags })),
    });
    expect(onGenerated).toHaveBeenCalledTimes(1);
  });

  it('sends the levels and transforms the author chose', async () => {
    const { calls } = setup(1);
    await userEvent.click(check(T.generateLevel('Try w/o help')));
    expect(flag('hint_text', 'Try w/o help').disabled).toBe(true);
    await userEvent.click(check(T.generateLevel('Try w/ keywords')));
    await userEvent.click(flag('remove_coach', 'Try w/ scripts'));
    await userEvent.click(generate());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      sim_id: SIM_ID,
      levelId: [
        { name: 'Watch the experts', ...GENERATED_LEVEL_DEFAULTS['Watch the experts'] },
        { name: 'Try w/ scripts', ...GENERATED_LEVEL_DEFAULTS['Try w/ scripts'], remove_coach: true },
      ],
    });
  });

  it("disables Generate with 'More than 5 levels are not allowed for a sim.' past 5 levels", async () => {
    const { calls } = setup(2);
    expect(screen.getByText(AUTHORING_MESSAGES.maxLevels)).toBeTruthy();
    expect(generate().disabled).toBe(true);
    await userEvent.click(check(T.generateLevel('Try w/o help')));
    expect(screen.queryByText(AUTHORING_MESSAGES.maxLevels)).toBeNull();
    expect(generate().disabled).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('disables Generate when no level is chosen', async () => {
    setup(1);
    for (const name of ['Watch the experts', 'Try w/ scripts', 'Try w/ keywords', 'Try w/o help'])
      await userEvent.click(check(T.generateLevel(name)));
    expect(generate().disabled).toBe(true);
  });

  it("shows the server's refusal", async () => {
    setup(1, () => refusal(422, AUTHORING_MESSAGES.nothingToGenerate));
    await userEvent.click(generate());
    expect(await screen.findByText(AUTHORING_MESSAGES.nothingToGenerate)).toBeTruthy();
    expect(generate().disabled).toBe(false);
  });
});
