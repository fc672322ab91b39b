import { SCRIPT_TOOLS_MESSAGES, TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../testing/fake-timers';
import {
  ASSIGNMENT_ID,
  ATTEMPT_ID,
  callSteps,
  details,
  endClip,
  FakeSocket,
  FakeWorkletNode,
  fakeBrowser,
  finalScore,
  GREETING,
  KEYWORDS,
  LEVEL_ID,
  LINE_ID,
  lineResult,
  renderTakeSim,
  SIM_ID,
  STREAM_URL,
  serve,
  step,
  takeSimPath,
  USER_ID,
} from '../testing/take-sim-harness';

const CUSTOMER_LINE = 'Hi, I would like to book a visit.';

async function openAgentStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText(CUSTOMER_LINE);
  await user.click(screen.getByRole('button', { name: T.next }));
  return screen.findByRole('button', { name: T.record });
}

/** Records the agent line: the fake server's partials, then stop with its final transcript. */
async function recordLine(user: ReturnType<typeof userEvent.setup>, said = GREETING) {
  await user.click(await screen.findByRole('button', { name: T.record }));
  await screen.findByRole('button', { name: T.stop });
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.last;
  await waitFor(() => expect(socket.messages[0]?.type).toBe('start'));
  socket.autoFinal = said;
  socket.partial(said);
  await user.click(screen.getByRole('button', { name: T.stop }));
  return socket;
}

describe('the take-sim screen', () => {
  it('starts a practice attempt and plays the customer clip; practice waits for the learner', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps()) });
    renderTakeSim();

    expect(await screen.findByText(CUSTOMER_LINE)).toBeTruthy();
    expect(screen.getByText('Try w/ scripts')).toBeTruthy();
    expect(screen.getByText(T.levelNumber(3))).toBeTruthy();
    expect(screen.getByTestId('practice-mode').textContent).toContain('Practice Mode : ON');
    await waitFor(() => expect(server.to('/api/v1/sims/save-take-sim-details')).toHaveLength(1));
    expect(server.to('/api/v1/sims/save-take-sim-details')[0]?.body).toEqual({
      simId: SIM_ID,
      simLevelId: LEVEL_ID,
      assignment_id: ASSIGNMENT_ID,
      mode: 'practice',
      without_coach: false,
    });
    expect(server.to('/api/v1/sims/take-sim/details')[0]?.query.get('simLevelId')).toBe(LEVEL_ID);
    // the clip plays by itself; its end does not move a practice attempt on
    await waitFor(() => expect(screen.getByRole('button', { name: T.pause })).toBeTruthy());
    endClip();
    expect(await screen.findByRole('button', { name: T.replay })).toBeTruthy();
    expect(screen.getByRole('button', { name: `${T.stepMenu}: 1 / 3` })).toBeTruthy();

    // the stats follow every step change
    await waitFor(() => expect(server.to('/api/v1/sims/stats')).toHaveLength(1));
    expect(server.to('/api/v1/sims/stats')[0]?.body).toMatchObject({
      user_response_id: ATTEMPT_ID,
      status: 'started',
      activeIndex: 0,
      levelStart: true,
    });
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByRole('button', { name: `${T.stepMenu}: 2 / 3` })).toBeTruthy();
    await waitFor(() => expect(server.to('/api/v1/sims/stats')).toHaveLength(2));
    expect(server.to('/api/v1/sims/stats')[1]?.body).toMatchObject({ activeIndex: 1, levelStart: false });
  });

  it('autoplay moves on after each clip and opens the microphone on the learner turn', async () => {
    const { microphone } = fakeBrowser();
    const server = serve({ details: details(callSteps()) });
    renderTakeSim(takeSimPath(), { mode: 'autoplay', type: 'training' });

    await screen.findByText(CUSTOMER_LINE);
    expect(screen.getByTestId('practice-mode').textContent).toContain('Practice Mode : OFF');
    // no step menu in autoplay
    expect(screen.queryByRole('button', { name: /Go to a step/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: T.pause })).toBeTruthy());
    endClip();
    expect(await screen.findByRole('button', { name: T.stop })).toBeTruthy();
    expect(microphone.getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
    });
    expect(server.to('/api/v1/sims/save-take-sim-details')[0]?.body).toMatchObject({ mode: 'autoplay' });
  });

  it('takes a hiring sim in autoplay whatever mode was chosen', async () => {
    fakeBrowser();
    const server = serve({ details: details(callSteps(), { sim: { sim_type: 'hiring' } }) });
    renderTakeSim(takeSimPath(), { mode: 'practice', type: 'hiring' });
    await screen.findByText(CUSTOMER_LINE);
    expect(screen.getByTestId('practice-mode').textContent).toContain('Practice Mode : OFF');
    await waitFor(() => expect(server.to('/api/v1/sims/save-take-sim-details')).toHaveLength(1));
    expect(server.to('/api/v1/sims/save-take-sim-details')[0]?.body).toMatchObject({ mode: 'autoplay' });
  });

  it('resumes an unfinished attempt at activeIndex, with its takes', async () => {
    fakeBrowser();
    const steps = callSteps();
    const taken = steps.map((s) =>
      s.is_agent
        ? {
            ...s,
            take: {
              id: LINE_ID,
              status: 'Completed' as const,
              transcription: 'thank you for calling',
              grade_score: 80,
              recorded_url: '/files/take.mp3',
            },
          }
        : s,
    );
    const server = serve({
      details: details(steps),
      withTakes: details(taken),
      continueAnswer: {
        success: true,
        continue_agent: true,
        active_clip_index: 2,
        user_response_id: ATTEMPT_ID,
        mode: 'practice',
        total_seconds: 30,
      },
    });
    renderTakeSim(takeSimPath({ continueSimLevel: 'true', activeIndex: '1' }), {
      mode: 'practice',
      user_response_id: ATTEMPT_ID,
    });

    expect(await screen.findByRole('button', { name: `${T.stepMenu}: 2 / 3` })).toBeTruthy();
    expect(screen.getByText(T.recorded)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.playRecorded })).toBeTruthy();
    expect(server.to('/api/v1/sims/save-take-sim-details')).toHaveLength(0);
    expect(server.to('/api/v1/sims/continue')[0]?.body).toMatchObject({ simId: SIM_ID, simLevelId: LEVEL_ID });
    expect(server.to('/api/v1/sims/take-sim/details').map((c) => c.query.get('user_response_id'))).toEqual([
      null,
      ATTEMPT_ID,
    ]);
    await waitFor(() => expect(server.to('/api/v1/sims/stats')).toHaveLength(1));
    expect(server.to('/api/v1/sims/stats')[0]?.body).toMatchObject({ user_response_id: ATTEMPT_ID, activeIndex: 1 });
  });

  it('shows dots for fewer than 10 steps and a progress bar from 10', async () => {
    fakeBrowser();
    serve({ details: details(callSteps()) });
    const first = renderTakeSim();
    const dots = await screen.findByRole('list', { name: T.stepDots });
    expect(within(dots).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dots).getByRole('listitem', { name: T.stepDot(1, 'current') })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: T.progress })).toBeNull();
    first.unmount();

    const many = Array.from({ length: 12 }, (_, i) => step('customer', `Line ${i + 1}`));
    serve({ details: details(many) });
    renderTakeSim();
    expect(await screen.findByRole('progressbar', { name: T.progress })).toBeTruthy();
    expect(screen.queryByRole('list', { name: T.stepDots })).toBeNull();
    expect(screen.getByRole('button', { name: `${T.stepMenu}: 1 / 12` })).toBeTruthy();
  });

  it('records the line, streams it, ticks the keywords live, uploads it and shows the real-time feedback', async () => {
    const { user, advance } = fakeClock();
    fakeBrowser();
    const steps = callSteps();
    const server = serve({
      details: details(steps),
      lineResults: [
        lineResult({ status: 'Pending', correct_keywords: [], missed_keywords: [], lines_ahead: 2 }),
        lineResult(),
      ],
    });
    renderTakeSim();
    await openAgentStep(user);
    // the keywords of the line are listed, none said yet
    expect(screen.getByLabelText(T.keywordWaiting('schedule'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.record }));
    await screen.findByRole('button', { name: T.stop });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.last;
    expect(socket.url).toBe(STREAM_URL);
    await waitFor(() => expect(socket.messages[0]).toBeDefined());
    expect(socket.messages[0]).toEqual({ type: 'start', sampleRate: 16000, expected: GREETING, keywords: KEYWORDS });

    // the microphone's samples go out as 16-bit PCM at 16 kHz (48 kHz in)
    await waitFor(() => expect(FakeWorkletNode.last).not.toBeNull());
    FakeWorkletNode.last?.feed(new Float32Array(4800).fill(0.5));
    expect(socket.frames).toHaveLength(1);
    expect(socket.frames[0]?.byteLength).toBe(1600 * 2);
    expect(new Int16Array(socket.frames[0] as ArrayBuffer)[0]).toBe(Math.round(0.5 * 0x7fff));

    // a keyword is ticked the moment the partial transcript has it (the shared grading rules)
    socket.partial('thank you for calling');
    expect(await screen.findByLabelText(T.keywordHit('thank you for calling'))).toBeTruthy();
    expect(screen.getByTestId('live-transcript').textContent).toContain('thank you for calling');
    expect(screen.getByLabelText(T.keywordWaiting('appointment'))).toBeTruthy();
    socket.partial('thank you for calling demo health i can book your appointment');
    expect(await screen.findByLabelText(T.keywordHit('appointment'))).toBeTruthy();
    expect(screen.getByText(T.keywordsHit(2, 3), { exact: false })).toBeTruthy();

    socket.autoFinal = 'thank you for calling demo health i can book your appointment today';
    socket.autoStreamId = '0b6f3d1e-5a55-4b5a-9c1e-2f6a0c8e9d10';
    await user.click(screen.getByRole('button', { name: T.stop }));
    await waitFor(() => expect(socket.messages.at(-1)).toEqual({ type: 'stop' }));

    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(1));
    const form = server.to('/api/v1/sims/grade-transcription')[0]?.body as FormData;
    expect(form.get('sim_level_user_response')).toBe(ATTEMPT_ID);
    expect(form.get('script_id')).toBe(steps[1]?._id);
    expect(form.get('transcribed_text')).toBe('thank you for calling demo health i can book your appointment today');
    expect(form.get('audio_blob')).toBeInstanceOf(Blob);
    // the stream's id: the server may grade the take from the stream's decode
    expect(form.get('stream_id')).toBe('0b6f3d1e-5a55-4b5a-9c1e-2f6a0c8e9d10');

    // polled every second until graded
    await waitFor(() => expect(server.to('/api/v1/sims/get-missed-correct-keywords')).toHaveLength(1));
    expect(server.to('/api/v1/sims/get-missed-correct-keywords')[0]?.query.get('id')).toBe(LINE_ID);
    expect(screen.queryByRole('dialog', { name: T.feedbackTitle })).toBeNull();
    // while it waits for a decoder, the learner is told how many lines are graded first (issue 32)
    expect(await screen.findByText(T.gradingQueued(2))).toBeTruthy();
    await advance(1000);
    const dialog = await screen.findByRole('dialog', { name: T.feedbackTitle });
    expect(server.to('/api/v1/sims/get-missed-correct-keywords')).toHaveLength(2);
    expect(within(dialog).getByTestId('feedback-pass')).toBeTruthy();
    expect(within(dialog).getByText('Score: 66.67%')).toBeTruthy();
    const correct = within(dialog).getByRole('list', { name: T.correctKeywords });
    expect(
      within(correct)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['thank you for calling', 'appointment']);
    const missed = within(dialog).getByRole('list', { name: T.missedKeywords });
    expect(
      within(missed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['schedule']);
    expect(within(dialog).getByRole('button', { name: T.playRecorded })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: T.next }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.feedbackTitle })).toBeNull());
    expect(await screen.findByText('Great, thank you.')).toBeTruthy();
  });

  it('Retry clears the take on the server and the line is recorded again', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({
      details: details(callSteps()),
      lineResults: [lineResult({ correct_keywords: [], missed_keywords: KEYWORDS, passed: false, grade_score: 0 })],
    });
    renderTakeSim();
    await openAgentStep(user);
    await recordLine(user, 'hello there');
    const dialog = await screen.findByRole('dialog', { name: T.feedbackTitle });
    expect(within(dialog).getByTestId('feedback-fail')).toBeTruthy();
    expect(within(dialog).getByText(T.failed)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: T.retry }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.feedbackTitle })).toBeNull());
    expect(server.to('/api/v1/sims/retry-line')[0]?.body).toEqual({ id: LINE_ID });
    expect(screen.getByText(T.recordPrompt)).toBeTruthy();
    expect(screen.queryByText(T.recorded)).toBeNull();
    expect(screen.queryByTestId('live-transcript')).toBeNull();
    expect(screen.getByLabelText(T.keywordWaiting('thank you for calling'))).toBeTruthy();
    // and records again
    await recordLine(user);
    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(2));
  });

  it('shows the empty texts of the feedback dialog: no keywords, no tests', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    serve({
      details: details(callSteps({ keywords: [] })),
      lineResults: [lineResult({ correct_keywords: [], missed_keywords: [] })],
    });
    const view = renderTakeSim();
    await openAgentStep(user);
    await recordLine(user);
    const dialog = await screen.findByRole('dialog', { name: T.feedbackTitle });
    expect(within(dialog).getByText(TAKE_SIM_MESSAGES.noKeywords)).toBeTruthy();
    view.unmount();

    serve({
      details: details(callSteps({ natural_lenguage: true }), { sim: { natural_lenguage: true } }),
      lineResults: [lineResult({ tests_matched: [], missed_tests: [] })],
    });
    renderTakeSim();
    await openAgentStep(user);
    await recordLine(user);
    const nl = await screen.findByRole('dialog', { name: T.feedbackTitle });
    expect(within(nl).getByText(TAKE_SIM_MESSAGES.noTests)).toBeTruthy();
  });

  it('lists the tests of a natural-language line with pass and fail marks', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    serve({
      details: details(callSteps({ natural_lenguage: true }), { sim: { natural_lenguage: true } }),
      lineResults: [
        lineResult({
          tests_matched: [
            { name: 'Greeting', score: 100, passed: true, correctKeywords: ['thank you'], missedKeywords: [] },
          ],
          missed_tests: [{ name: 'Booking', score: 0, passed: false, correctKeywords: [], missedKeywords: ['book'] }],
        }),
      ],
    });
    renderTakeSim();
    await openAgentStep(user);
    await recordLine(user);
    const dialog = await screen.findByRole('dialog', { name: T.feedbackTitle });
    const tests = within(dialog).getByRole('list', { name: T.tests });
    expect(within(tests).getByText(T.testPassed('Greeting'))).toBeTruthy();
    expect(within(tests).getByText(T.testMissed('Booking'))).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: T.correctKeywords })).toBeNull();
    // Done on the last clip
    expect(within(dialog).getByRole('button', { name: T.next })).toBeTruthy();
  });

  it('without real-time feedback the line just moves on once uploaded', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    renderTakeSim();
    await openAgentStep(user);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await recordLine(user);
    expect(await screen.findByText('Great, thank you.')).toBeTruthy();
    expect(server.to('/api/v1/sims/get-missed-correct-keywords')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: T.feedbackTitle })).toBeNull();
  });

  it('alerts and logs a socket failure, then lets the learner retry', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps()) });
    renderTakeSim();
    await openAgentStep(user);
    await user.click(screen.getByRole('button', { name: T.record }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    FakeSocket.last.drop();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TAKE_SIM_MESSAGES.socketProblem);
    await waitFor(() => expect(server.to('/api/v1/sims/log-error')).toHaveLength(1));
    expect(server.to('/api/v1/sims/log-error')[0]?.body).toMatchObject({ message: TAKE_SIM_MESSAGES.socketLog });
    expect(screen.getByRole('button', { name: T.record })).toBeTruthy();
    expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(0);

    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('button', { name: T.stop })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
  });

  it('goes on recording without a live transcript when the server refuses the stream; the upload is graded', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    renderTakeSim();
    await openAgentStep(user);
    await user.click(screen.getByRole('button', { name: T.record }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    FakeSocket.last.refuse('Speech recognition is not available on this server.');

    // no socket-problem alert, no log-error: the take goes on
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.stop }));
    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(1));
    const form = server.to('/api/v1/sims/grade-transcription')[0]?.body as FormData;
    expect(form.get('stream_id')).toBeNull();
    expect(form.get('transcribed_text')).toBe('');
    // only logged (spec: stream exceptions are only logged), not as the socket problem
    await waitFor(() => expect(server.to('/api/v1/sims/log-error')).toHaveLength(1));
    expect(server.to('/api/v1/sims/log-error')[0]?.body).not.toMatchObject({ message: TAKE_SIM_MESSAGES.socketLog });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('shows the microphone problem when the microphone is refused', async () => {
    const user = userEvent.setup();
    const { microphone } = fakeBrowser();
    microphone.getUserMedia.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'));
    serve({ details: details(callSteps()) });
    renderTakeSim();
    await openAgentStep(user);
    await user.click(screen.getByRole('button', { name: T.record }));
    expect((await screen.findByRole('alert')).textContent).toContain(SCRIPT_TOOLS_MESSAGES.micDenied);
  });

  it('records and stops with the keyboard (R)', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps({ real_time_feedback: false })) });
    renderTakeSim();
    await screen.findByText(CUSTOMER_LINE);
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('button', { name: T.record });
    await user.keyboard('r');
    expect(await screen.findByRole('button', { name: T.stop })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    FakeSocket.last.autoFinal = GREETING;
    await user.keyboard('r');
    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(1));
  });

  it('Done → Wrap Up → All Done posts the final score until every line is graded, then shows the figures', async () => {
    const { user, advance } = fakeClock();
    fakeBrowser();
    const steps = [step('customer', CUSTOMER_LINE), step('agent', GREETING, { keywords: KEYWORDS })];
    const server = serve({
      details: details(steps, { sim: { product_type: 'Internal Data' } }),
      finalScores: [
        finalScore({ all_completed: false }),
        finalScore({
          keyword_accuracy: null,
          typing_accuracy: null,
          data_selection_accuracy: 50,
          overall_percentage: 50,
        }),
      ],
    });
    renderTakeSim();
    await openAgentStep(user);
    await recordLine(user);
    await waitFor(() => expect(server.to('/api/v1/sims/grade-transcription')).toHaveLength(1));
    // the last step: Done instead of Next
    const done = await screen.findByRole('button', { name: T.done });
    await waitFor(() => expect((done as HTMLButtonElement).disabled).toBe(false));
    await user.click(done);
    const wrap = await screen.findByRole('dialog', { name: T.wrapUpTitle });
    expect(within(wrap).getByText(TAKE_SIM_MESSAGES.wrapUp)).toBeTruthy();
    expect(within(wrap).getByRole('timer').textContent).toContain('00:00');
    await advance(3000);
    expect(within(wrap).getByRole('timer').textContent).toContain('00:03');

    await user.click(within(wrap).getByRole('button', { name: T.allDone }));
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    expect((within(wrap).getByRole('button', { name: T.allDone }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.to('/api/v1/sims/final-score')[0]?.body).toMatchObject({
      user_response_id: ATTEMPT_ID,
      assignment_id: ASSIGNMENT_ID,
      isPost: true,
      exit_or_restart: false,
      wrapSeconds: 3,
    });
    await advance(5000);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(2));

    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    const figures = screen.getByRole('region', { name: T.resultTitle });
    expect(within(figures).getByLabelText(T.figures.keyword).textContent).toContain('N/A');
    expect(within(figures).getByLabelText(T.figures.typing).textContent).toContain('N/A');
    expect(within(figures).getByLabelText(T.figures.dataSelection).textContent).toContain('50%');
    expect(within(figures).getByLabelText(T.figures.overall).textContent).toContain('50%');
    // the learner's line with its transcript, keywords and confidence
    const transcript = screen.getByRole('region', { name: T.callTranscript });
    expect(await within(transcript).findByText('66.67%')).toBeTruthy();
    expect(within(transcript).getByText('schedule')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.backToDashboard }));
    expect((await screen.findByTestId('dashboard')).textContent).toContain('/dashboard?exit=true');
  });

  it('Restart closes the attempt with exit_or_restart and starts a new one from the first step', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps()) });
    renderTakeSim();
    await openAgentStep(user);
    await user.click(screen.getByRole('button', { name: T.restart }));
    const confirm = await screen.findByRole('dialog', { name: T.restartTitle });
    await user.click(within(confirm).getByRole('button', { name: T.restart }));
    await waitFor(() => expect(server.to('/api/v1/sims/save-take-sim-details')).toHaveLength(2));
    expect(server.to('/api/v1/sims/final-score')[0]?.body).toMatchObject({
      user_response_id: ATTEMPT_ID,
      exit_or_restart: true,
    });
    expect(await screen.findByRole('button', { name: `${T.stepMenu}: 1 / 3` })).toBeTruthy();
  });

  it('the coach toggle restarts without the coach lines, and back with them', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const steps = [step('coach', 'Listen to how the agent greets the caller.'), ...callSteps()];
    const server = serve({ details: details(steps) });
    renderTakeSim();
    await screen.findByText('Listen to how the agent greets the caller.');
    expect(screen.getByRole('button', { name: `${T.stepMenu}: 1 / 4` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.coachOn }));
    const confirm = await screen.findByRole('dialog', { name: T.restartWithoutCoachTitle });
    await user.click(within(confirm).getByRole('button', { name: T.restart }));
    expect(await screen.findByText(CUSTOMER_LINE)).toBeTruthy();
    expect(screen.getByRole('button', { name: `${T.stepMenu}: 1 / 3` })).toBeTruthy();
    expect(server.to('/api/v1/sims/save-take-sim-details')[1]?.body).toMatchObject({ without_coach: true });
    expect(server.to('/api/v1/sims/final-score')[0]?.body).toMatchObject({ exit_or_restart: true });

    await user.click(screen.getByRole('button', { name: T.coachOff }));
    await user.click(
      within(await screen.findByRole('dialog', { name: T.restartWithCoachTitle })).getByRole('button', {
        name: T.restart,
      }),
    );
    expect(await screen.findByText('Listen to how the agent greets the caller.')).toBeTruthy();
    expect(server.to('/api/v1/sims/save-take-sim-details')[2]?.body).toMatchObject({ without_coach: false });
  });

  it('Exit closes the attempt with exit_or_restart and goes to the dashboard with the query and state', async () => {
    const user = userEvent.setup();
    fakeBrowser();
    const server = serve({ details: details(callSteps()) });
    renderTakeSim();
    await screen.findByText(CUSTOMER_LINE);
    await user.click(screen.getByRole('button', { name: T.exit }));
    const confirm = await screen.findByRole('dialog', { name: T.exitTitle });
    await user.click(within(confirm).getByRole('button', { name: T.exit }));
    const dashboard = await screen.findByTestId('dashboard');
    expect(server.to('/api/v1/sims/final-score')[0]?.body).toMatchObject({
      user_response_id: ATTEMPT_ID,
      assignment_id: ASSIGNMENT_ID,
      exit_or_restart: true,
    });
    expect(dashboard.textContent).toContain(`/dashboard?exit=true&type=training&assigned_to_id=${USER_ID}`);
    expect(dashboard.textContent).toContain(
      JSON.stringify({ sim_id: SIM_ID, assigned_to_id: USER_ID, assignment_id: ASSIGNMENT_ID }),
    );
  });

  it('asks for the level again when the link is incomplete', async () => {
    fakeBrowser();
    serve({ details: details(callSteps()) });
    renderTakeSim('/sims/takesim?levelId=x');
    expect(await screen.findByText(T.missingParams)).toBeTruthy();
  });
});
