import {
  AUTHORING_MESSAGES,
  AUTHORING_TIMEOUTS_MS,
  LEVEL_OPTIONS,
  type LevelOption,
  SCRIPT_TOOLS_TEXTS as T,
} from '@sim/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../../testing/fake-timers';
import { levelOptionRequest } from '../api/set-level-option';
import {
  type Call,
  LEVEL_ID,
  makeLevel,
  makeSim,
  mockApi,
  ok,
  refusal,
  renderDialog,
  SIM_ID,
} from '../testing/fixtures';
import { LevelSettingsDialog } from './level-settings-dialog';

const level = makeLevel();

function setup(answer: (call: Call) => Response | undefined) {
  const calls = mockApi(answer);
  const onChanged = vi.fn();
  renderDialog(<LevelSettingsDialog open sim={makeSim()} level={level} onClose={vi.fn()} onChanged={onChanged} />);
  return { calls, onChanged };
}

const toggle = (option: LevelOption) =>
  screen.getByRole('switch', { name: T.levelOptionLabels[option] }) as HTMLInputElement;

describe('LevelSettingsDialog', () => {
  it('shows the six toggles with the level values', () => {
    setup(() => undefined);
    expect(screen.getByRole('dialog', { name: T.settingsTitle('Watch and Learn') })).toBeTruthy();
    for (const option of Object.keys(LEVEL_OPTIONS) as LevelOption[]) expect(toggle(option)).toBeTruthy();
    expect(toggle('keyword_score').checked).toBe(true);
    expect(toggle('screenRecording').checked).toBe(false);
  });

  it('changes a toggle when the server confirms, with the 5-second success alert', async () => {
    const { user, advance } = fakeClock();
    const { calls, onChanged } = setup((call) =>
      call.path === '/api/v1/sims/toggle-screen-recording-switch'
        ? ok({ message: 'ok', level: { ...level, screenRecording: true } })
        : undefined,
    );
    await user.click(toggle('screenRecording'));
    expect(await screen.findByText(AUTHORING_MESSAGES.optionUpdated('screen recording'))).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { levelId: LEVEL_ID, screenRecording: true, sim_id: SIM_ID },
    });
    expect(toggle('screenRecording').checked).toBe(true);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await advance(AUTHORING_TIMEOUTS_MS.levelOptionAlert - BEFORE_DUE_MS);
    expect(screen.getByText(AUTHORING_MESSAGES.optionUpdated('screen recording'))).toBeTruthy();
    await advance(BEFORE_DUE_MS + 100);
    expect(screen.queryByText(AUTHORING_MESSAGES.optionUpdated('screen recording'))).toBeNull();
  });

  it('keeps the toggle when the server refuses and shows the error alert with its reason', async () => {
    const { onChanged } = setup((call) =>
      call.path === '/api/v1/sims/scripts/hint-text' ? refusal(403, "You don't have permission") : undefined,
    );
    await userEvent.click(toggle('hint_text'));
    expect(await screen.findByText(AUTHORING_MESSAGES.optionFailed('hint text'))).toBeTruthy();
    expect(screen.getByText("You don't have permission")).toBeTruthy();
    expect(toggle('hint_text').checked).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('levelOptionRequest', () => {
  it('calls the route of each option with its field', () => {
    const ids = { sim_id: SIM_ID, level_id: LEVEL_ID };
    const req = (option: LevelOption) => levelOptionRequest({ simId: SIM_ID, levelId: LEVEL_ID, option, value: true });
    expect(req('keyword_score')).toEqual({
      path: '/api/v1/sims/levels/keyword-score',
      body: { ...ids, keyword_score: true },
    });
    expect(req('hint_text')).toEqual({ path: '/api/v1/sims/scripts/hint-text', body: { ...ids, hint_text: true } });
    expect(req('real_time_feedback')).toEqual({
      path: '/api/v1/sims/scripts/real-time-feedback',
      body: { ...ids, real_time_feedback: true },
    });
    expect(req('send_to_snowfly')).toEqual({
      path: '/api/v1/sims/send-to-snowfly',
      body: { ...ids, send_to_snowfly: true },
    });
    expect(req('screenRecording')).toEqual({
      path: '/api/v1/sims/toggle-screen-recording-switch',
      body: { levelId: LEVEL_ID, screenRecording: true, sim_id: SIM_ID },
    });
    expect(req('only_keywords')).toEqual({
      path: '/api/v1/sims/levels/only-keywords',
      body: { ...ids, only_keywords: true },
    });
  });
});
