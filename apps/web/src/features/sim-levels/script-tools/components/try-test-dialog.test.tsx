import { AUTHORING_TEXTS, SCRIPT_TOOLS_MESSAGES as M, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMicrophone } from '../../../../testing/fake-microphone';
import { type Call, makeScript, mockApi, ok, refusal, renderDialog, SCRIPT_ID, SIM_ID } from '../testing/fixtures';
import { TryTestDialog } from './try-test-dialog';

let trackStop: ReturnType<typeof vi.fn>;
let getUserMedia: ReturnType<typeof vi.fn>;

beforeEach(() => {
  ({ getUserMedia, trackStop } = stubMicrophone());
});

const GRADED = {
  correctKeywords: ['thank you for calling'],
  missedKeywords: [],
  keyword_accuracy: 100,
  tests_matched: [{ name: 'Greeting', score: 100, passed: true, correctKeywords: [], missedKeywords: [] }],
  missed_tests: [{ name: 'Booking', score: 33.3, passed: false, correctKeywords: [], missedKeywords: [] }],
  grade_score: 50,
  passed: false,
  script_id: SCRIPT_ID,
  transcription: 'thank you for calling demo health',
  overalConfidence: 60,
};

function setup(answer: (call: Call) => Response = () => ok(GRADED), overalConfidence = 60) {
  const calls = mockApi((call) => (call.path === '/api/v1/sims/grade-transcription' ? answer(call) : undefined));
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderDialog(
    <TryTestDialog open simId={SIM_ID} script={makeScript({ overalConfidence })} onClose={onClose} onSaved={onSaved} />,
  );
  return { calls, onSaved, onClose };
}

async function recordOnce() {
  await userEvent.click(screen.getByRole('button', { name: T.startRecording }));
  expect(await screen.findByText(T.recordingNow)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: T.stopRecording }));
}

describe('TryTestDialog', () => {
  it('shows the script and the confidence, records, sends the try-out and shows the result', async () => {
    const { calls, onSaved } = setup();
    expect(screen.getByText(makeScript().script)).toBeTruthy();
    expect(screen.getByText(T.confidenceOf(60))).toBeTruthy();
    await recordOnce();
    expect(await screen.findByText(T.score(50))).toBeTruthy();

    // graded like a learner's line: no noise suppression (it gates to digital silence), no automatic gain
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
    });
    expect(trackStop).toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    const form = calls[0]?.body as FormData;
    expect(calls[0]?.method).toBe('POST');
    expect(form.get('sim_level_user_response')).toBe('1');
    expect(form.get('script_id')).toBe(SCRIPT_ID);
    const audio = form.get('audio_blob') as File;
    expect(audio.size).toBeGreaterThan(0);
    expect(audio.name).toBe('try-test.webm');

    const result = screen.getByRole('region', { name: T.transcription });
    expect(within(result).getByText('thank you for calling demo health')).toBeTruthy();
    // 50 < 60: not passed
    expect(within(result).getByText(T.lineMissed)).toBeTruthy();
    const list = within(result).getByRole('list', { name: T.testsResult });
    expect(within(list).getByText(T.testGrade('Greeting', T.testPassed, 100))).toBeTruthy();
    expect(within(list).getByText(T.testGrade('Booking', T.testMissed, 33))).toBeTruthy();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("passes when grade_score >= confidence and says 'No test are present' without tests", async () => {
    setup(() => ok({ ...GRADED, tests_matched: [], missed_tests: [], grade_score: 50, overalConfidence: 50 }), 50);
    await recordOnce();
    expect(await screen.findByText(T.linePassed)).toBeTruthy();
    expect(screen.getByText(AUTHORING_TEXTS.noTests)).toBeTruthy();
  });

  it('says so when the microphone is denied', async () => {
    const { calls } = setup();
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: T.startRecording }));
    expect(await screen.findByText(M.micDenied)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.startRecording })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says so when the browser has no microphone support', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    setup();
    await userEvent.click(screen.getByRole('button', { name: T.startRecording }));
    expect(await screen.findByText(M.micUnavailable)).toBeTruthy();
  });

  it("shows the server's refusal and returns to idle", async () => {
    setup(() => refusal(503, 'Speech recognition is not available right now.', 'UNAVAILABLE'));
    await recordOnce();
    expect(await screen.findByText('Speech recognition is not available right now.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: T.startRecording })).toBeTruthy());
  });
});
