import { TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { details, endClip, fakeBrowser, renderTakeSim, serve, step, takeSimPath } from '../testing/take-sim-harness';

const AGENT_LINE = 'Thank you for calling Demo Health, how can I help?';

/**
 * Issue 31, defect 2: on a level the learner only listens to ('Watch and Learn', 'Watch the experts') the
 * server marks no line the learner's turn; the screen follows it: the agent's clip plays like any other line,
 * no "Your turn", and autoplay never opens the microphone.
 */
describe('a watch level on the take-sim screen (issue 31)', () => {
  it('plays the agent line with its clip and never asks the learner to record', async () => {
    const { microphone } = fakeBrowser();
    const steps = [
      step('customer', 'Hi, I would like to book a visit.'),
      step('agent', AGENT_LINE, { audio_url: '/files/agent-clip.mp3', learner_turn: false, keywords: ['help'] }),
      step('customer', 'Great, thank you.'),
    ];
    serve({
      details: details(steps, {
        level: { name: 'Watch and Learn', order: 0, convert_agent: false, sim_generated: false },
      }),
    });
    renderTakeSim(takeSimPath(), { mode: 'autoplay', type: 'training' });

    await screen.findByText('Hi, I would like to book a visit.');
    await waitFor(() => expect(screen.getByRole('button', { name: T.pause })).toBeTruthy());
    endClip();
    // the agent's line: its text and its clip, playing by itself, no turn for the learner
    expect(await screen.findByText(AGENT_LINE)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: T.pause })).toBeTruthy());
    expect(screen.queryByText(T.yourTurn)).toBeNull();
    expect(screen.queryByRole('button', { name: T.record })).toBeNull();
    expect(screen.queryByRole('button', { name: T.stop })).toBeNull();
    endClip();
    expect(await screen.findByText('Great, thank you.')).toBeTruthy();
    expect(microphone.getUserMedia).not.toHaveBeenCalled();
  });
});
