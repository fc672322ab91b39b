import { TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import { takeCapMs, wordCount } from '../lib/end-of-speech';
import { batches, joined, room, speech } from '../testing/fake-speech';
import {
  callSteps,
  details,
  endClip,
  FakeSocket,
  FakeWorkletNode,
  fakeBrowser,
  GREETING,
  renderTakeSim,
  serve,
  takeSimPath,
} from '../testing/take-sim-harness';

const CUSTOMER_LINE = 'Hi, I would like to book a visit.';
const NEXT_LINE = 'Great, thank you.';

/** The microphone says these samples (in the worklet's batches of 4096 at 48 kHz). */
function say(samples: Float32Array) {
  act(() => {
    for (const batch of batches(samples)) FakeWorkletNode.last?.feed(batch);
  });
}

/** The learner's take has begun: the capture and the speech socket are up. */
async function takeRunning() {
  await screen.findByRole('button', { name: T.stop });
  await waitFor(() => expect(FakeWorkletNode.last).not.toBeNull());
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.last;
  await waitFor(() => expect(socket.messages[0]?.type).toBe('start'));
  return socket;
}

/** Autoplay: the customer's clip ends and the learner's take opens by itself. */
async function autoplayToTurn() {
  renderTakeSim(takeSimPath(), { mode: 'autoplay', type: 'training' });
  await screen.findByText(CUSTOMER_LINE);
  await waitFor(() => expect(screen.getByRole('button', { name: T.pause })).toBeTruthy());
  endClip();
  return takeRunning();
}

/**
 * Issue 31, "End of speech": in autoplay a take ends by itself once the learner has stopped speaking (it
 * never did: a take left running became a 95 s recording); nothing said for 10 s stops it with a message;
 * every take, practice too, stops at the longest a take of its line can last.
 */
describe('the end of a take (issue 31)', () => {
  it('autoplay ends the take by itself after the learner falls silent, uploads it and moves on', async () => {
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    const socket = await autoplayToTurn();
    expect(screen.getByText(TAKE_SIM_MESSAGES.recordingAutoplay)).toBeTruthy();
    socket.autoFinal = GREETING;

    say(joined(room(0.6), speech(1.2)));
    socket.partial('thank you for calling demo health');
    // a pause of 0.8 s mid-line, then the rest of the line: the take goes on
    say(joined(room(0.8), speech(1.2)));
    socket.partial(GREETING);
    say(room(1));
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);

    // 1.3 s of silence after the line: the take ends, no STOP pressed
    say(room(0.5, -60, 5));
    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(1));
    const form = server.to('/api/v1/sims/grade-transcription')[0]?.body as FormData;
    expect(form.get('transcribed_text')).toBe(GREETING);
    expect(await screen.findByText(NEXT_LINE)).toBeTruthy();
  });

  it('autoplay does not take a cough without words for the line', async () => {
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    const socket = await autoplayToTurn();
    socket.partial('');
    say(joined(room(0.5), speech(0.5, -20), room(2.5)));
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);
  });

  it('autoplay stops a take where nothing is said for 10 s, with its message; Retry records again', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    await autoplayToTurn();
    say(room(10.2));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TAKE_SIM_MESSAGES.noSpeech);
    expect(screen.queryByRole('button', { name: T.stop })).toBeNull();
    expect(screen.getByRole('button', { name: T.record })).toBeTruthy();
    // nothing uploaded, the step kept
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);
    expect(screen.queryByText(NEXT_LINE)).toBeNull();

    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('button', { name: T.stop })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('practice keeps its STOP: silence after the line does not end the take', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    renderTakeSim();
    await screen.findByText(CUSTOMER_LINE);
    await user.click(screen.getByRole('button', { name: T.next }));
    await user.click(await screen.findByRole('button', { name: T.record }));
    const socket = await takeRunning();
    expect(screen.getByText(T.recordingNow)).toBeTruthy();
    socket.partial(GREETING);
    say(joined(room(0.5), speech(2), room(3)));
    say(room(8, -60, 3));
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);
  });

  it('stops a take at the longest a take of its line can last, with its message (practice too)', async () => {
    const { user, advance } = fakeClock();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    renderTakeSim();
    await screen.findByText(CUSTOMER_LINE);
    await user.click(screen.getByRole('button', { name: T.next }));
    await user.click(await screen.findByRole('button', { name: T.record }));
    await takeRunning();
    const capMs = takeCapMs(wordCount(GREETING));
    expect(capMs).toBe(17_600);

    await advance(capMs - 1000);
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    await advance(1000);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TAKE_SIM_MESSAGES.takeTooLong(capMs / 1000));
    expect(alert.textContent).toContain('18 seconds');
    expect(screen.queryByRole('button', { name: T.stop })).toBeNull();
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);
  });
});
