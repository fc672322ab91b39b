import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as SR, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ATTEMPT_ID,
  type Call,
  details,
  failure,
  fakeBrowser,
  jsonResponse,
  renderTakeSim,
  serve,
  step,
  takeSimPath,
} from '../../take-sim/testing/take-sim-harness';
import { deferred, FakeScreenRecorder, fakeCapture } from '../testing/fake-capture';
import { WithScreenRecording } from './with-screen-recording';

const LINE = 'Can you show me where my order is?';
const STATE = { mode: 'practice', type: 'training', screenRecording: true };
const PARTS = { ScreenRecording: WithScreenRecording };
const STREAM = '/api/v1/sims/save-screen-share-stream';
const BUILD = '/api/v1/sims/build-screen-share-video';

interface PartFields {
  id: string;
  chunkNumber: number;
  totalChunks: number;
  fileName: string;
  originalname: string;
  fileType: string;
  size: number;
}

const partOf = (call: Call): PartFields => {
  const form = call.body as FormData;
  return {
    id: String(form.get('id')),
    chunkNumber: Number(form.get('chunkNumber')),
    totalChunks: Number(form.get('totalChunks')),
    fileName: String(form.get('fileName')),
    originalname: String(form.get('originalname')),
    fileType: String(form.get('fileType')),
    size: (form.get('chunkData') as Blob).size,
  };
};

function setup(override?: (call: Call) => unknown, state: unknown = STATE) {
  fakeBrowser();
  const capture = fakeCapture();
  const server = serve({
    details: details([step('customer', LINE)], { level: { screenRecording: true } }),
    override: (call) => {
      const early = override?.(call);
      if (early !== undefined) return early;
      if (call.path === STREAM) {
        const part = partOf(call);
        return { success: true, received: part.chunkNumber + 1, chunkNumber: part.chunkNumber };
      }
      if (call.path === BUILD)
        return jsonResponse({ success: true, message: 'Building', video_status: 'processing' }, 202);
      return undefined;
    },
  });
  renderTakeSim(takeSimPath(), state, PARTS);
  return { capture, server };
}

const askDialog = () => screen.findByRole('dialog', { name: SR.askTitle });

async function finishLevel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: T.done }));
  const wrap = await screen.findByRole('dialog', { name: T.wrapUpTitle });
  await user.click(within(wrap).getByRole('button', { name: T.allDone }));
  return wrap;
}

describe('the screen recording of a level', () => {
  it('asks before the first line; No: the level goes on without recording', async () => {
    const user = userEvent.setup();
    const { capture, server } = setup();
    const dialog = await askDialog();
    expect(within(dialog).getByText(SR.ask)).toBeTruthy();
    expect(screen.queryByTestId('step-text')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: SR.no }));
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(capture.getDisplayMedia).not.toHaveBeenCalled();
    expect(screen.queryByText(SR.recording, { exact: false })).toBeNull();
    await finishLevel(user);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    expect(server.to(STREAM)).toHaveLength(0);
    expect(server.to(BUILD)).toHaveLength(0);
  });

  it('Yes: how many screens (2 by default) with the note; Cancel: no recording', async () => {
    const user = userEvent.setup();
    const { capture } = setup();
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    expect(within(dialog).getByText(SR.howMany)).toBeTruthy();
    expect(within(dialog).getByText(SR.cannotStop)).toBeTruthy();
    const one = within(dialog).getByRole('radio', { name: SR.screens(1) }) as HTMLInputElement;
    const two = within(dialog).getByRole('radio', { name: SR.screens(2) }) as HTMLInputElement;
    expect([one.checked, two.checked]).toEqual([false, true]);
    // the Yes pressed is gone: the focus is on the checked choice, not lost to the page
    expect(document.activeElement).toBe(two);
    await user.click(within(dialog).getByRole('button', { name: SR.cancel }));
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(capture.getDisplayMedia).not.toHaveBeenCalled();
  });

  it('a level without the setting opens at once', async () => {
    const { capture } = setup(undefined, { mode: 'practice', type: 'training', screenRecording: false });
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(screen.queryByRole('dialog', { name: SR.askTitle })).toBeNull();
    expect(capture.getDisplayMedia).not.toHaveBeenCalled();
  });

  it('records two screens (a click each) with the microphone in the first, uploads while recording, builds after All Done', async () => {
    const user = userEvent.setup();
    const held = deferred<void>();
    let holding = false;
    const { capture, server } = setup((call) =>
      holding && call.path === STREAM
        ? held.promise.then(() => jsonResponse({ success: true, received: 1, chunkNumber: 0 }))
        : undefined,
    );
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    const pick = await within(dialog).findByRole('button', { name: SR.pickScreen(2, 2) });
    // the focus follows the step: on the button of the next screen
    expect(document.activeElement).toBe(pick);
    await user.click(pick);
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);

    expect(capture.getDisplayMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByText(`${SR.recording} (${SR.screens(2)})`)).toBeTruthy();
    expect(capture.getDisplayMedia).toHaveBeenCalledWith({
      video: { width: 1920, height: 1080, frameRate: 30 },
      audio: true,
    });
    expect(capture.getUserMedia).toHaveBeenCalledWith({
      audio: expect.objectContaining({ sampleRate: SCREEN_RECORDING.audioSampleRate }),
    });
    // the microphone and the first screen's audio mixed into the first recording; the second has its video only
    expect(capture.audio()?.options).toEqual({ sampleRate: 44100 });
    expect(capture.audio()?.sources).toEqual([capture.screens[0], capture.microphone]);
    const [first, second] = capture.recorders();
    expect(first?.stream.getAudioTracks().map((t) => t.label)).toEqual(['mixed']);
    expect(first?.stream.getVideoTracks().map((t) => t.label)).toEqual(['screen 1']);
    expect(second?.stream.getAudioTracks()).toEqual([]);
    expect([first?.timeslice, second?.timeslice]).toEqual([1000, 1000]);

    // a whole part is sent while recording
    first?.emit(SCREEN_RECORDING.chunkBytes + 10);
    await waitFor(() => expect(server.to(STREAM)).toHaveLength(1));
    expect(partOf(server.to(STREAM)[0] as Call)).toEqual({
      id: ATTEMPT_ID,
      chunkNumber: 0,
      totalChunks: 1,
      fileName: 'screen-1.webm',
      originalname: 'screen-1.webm',
      fileType: 'video/webm',
      size: SCREEN_RECORDING.chunkBytes,
    });

    // All Done: the recorders stop, the rest goes up with the progress shown, then the build, then the score
    if (first) first.lastData = new Blob([new Uint8Array(100)]);
    if (second) second.lastData = new Blob([new Uint8Array(300)]);
    holding = true;
    const wrap = await finishLevel(user);
    expect(await within(wrap).findByText(SR.uploading)).toBeTruthy();
    await waitFor(() => expect(server.to(STREAM)).toHaveLength(3));
    expect(within(wrap).getByTestId('upload-percent').textContent).toBe(SR.uploadProgress(33));
    expect((within(wrap).getByRole('button', { name: T.allDone }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.to(BUILD)).toHaveLength(0);
    expect(capture.recorders().every((r) => r.state === 'inactive')).toBe(true);
    expect(capture.screens.flatMap((s) => s.getTracks()).every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    held.resolve();

    await waitFor(() => expect(server.to(BUILD)).toHaveLength(1));
    const parts = server
      .to(STREAM)
      .map((c) => partOf(c))
      .map((p) => [p.fileName, p.chunkNumber, p.totalChunks, p.size]);
    expect(parts).toEqual([
      ['screen-1.webm', 0, 1, SCREEN_RECORDING.chunkBytes],
      ['screen-1.webm', 1, 2, 110],
      ['screen-2.webm', 0, 1, 300],
    ]);
    const build = server.to(BUILD)[0] as Call;
    expect(build.query.get('id')).toBe(ATTEMPT_ID);
    const body = build.body as { sources: string[]; duration: number; stamps: number[] };
    expect(body.sources).toEqual(['screen-1.webm', 'screen-2.webm']);
    expect(body.stamps).toHaveLength(2);
    expect(body.stamps[1]).toBeGreaterThanOrEqual(body.stamps[0] ?? 0);
    expect(body.duration).toBeGreaterThan(0);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    // the score follows the build, with the same seconds
    const score = server.to('/api/v1/sims/final-score')[0]?.body as { totalSeconds: number };
    expect(score.totalSeconds).toBe(Math.round(body.duration));
    expect(server.calls.indexOf(build)).toBeLessThan(
      server.calls.indexOf(server.to('/api/v1/sims/final-score')[0] as Call),
    );
    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    expect(screen.queryByText(`${SR.recording} (${SR.screens(2)})`)).toBeNull();
  });

  it('one screen: a single picker, no second click', async () => {
    const user = userEvent.setup();
    const { capture } = setup();
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('radio', { name: SR.screens(1) }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(capture.getDisplayMedia).toHaveBeenCalledTimes(1);
    expect(capture.recorders()).toHaveLength(1);
  });

  it('a browser without getDisplayMedia: the experimental-flag message, the level without recording', async () => {
    const user = userEvent.setup();
    const { capture } = setup();
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: capture.getUserMedia },
      configurable: true,
    });
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    expect(await screen.findByText(SR.unsupported)).toBeTruthy();
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
  });

  it('the learner closes the picker: the level goes on without recording, and says so', async () => {
    const user = userEvent.setup();
    const { capture, server } = setup();
    capture.getDisplayMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    expect(await screen.findByText(SR.captureDenied)).toBeTruthy();
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(FakeScreenRecorder.instances).toHaveLength(0);
    await finishLevel(user);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    expect(server.to(STREAM)).toHaveLength(0);
  });

  it('a refused part: "Error uploading chunk:" in the wrap-up; All Done again finishes without the video', async () => {
    const user = userEvent.setup();
    const { capture, server } = setup((call) =>
      call.path === STREAM ? failure(400, 'chunkData: the part is larger than 589824 bytes.', 'VALIDATION') : undefined,
    );
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('radio', { name: SR.screens(1) }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    await screen.findByTestId('step-text');
    const [recorder] = capture.recorders();
    if (recorder) recorder.lastData = new Blob([new Uint8Array(50)]);
    const wrap = await finishLevel(user);
    expect(
      await within(wrap).findByText(`${SR.chunkError} chunkData: the part is larger than 589824 bytes.`),
    ).toBeTruthy();
    expect(server.to('/api/v1/sims/final-score')).toHaveLength(0);
    const allDone = within(wrap).getByRole('button', { name: T.allDone }) as HTMLButtonElement;
    await waitFor(() => expect(allDone.disabled).toBe(false));
    await user.click(allDone);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    expect(server.to(BUILD)).toHaveLength(0);
    expect(server.to(STREAM)).toHaveLength(1);
  });

  it('a build that fails on the network: the message in the wrap-up; All Done again builds it, then the score', async () => {
    const user = userEvent.setup();
    let builds = 0;
    const { capture, server } = setup((call) => {
      if (call.path !== BUILD) return undefined;
      builds += 1;
      return builds === 1 ? failure(503, 'The service is busy.') : undefined;
    });
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('radio', { name: SR.screens(1) }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    await screen.findByTestId('step-text');
    const [recorder] = capture.recorders();
    if (recorder) recorder.lastData = new Blob([new Uint8Array(70)]);
    const wrap = await finishLevel(user);
    expect(await within(wrap).findByText('The service is busy.')).toBeTruthy();
    expect(server.to('/api/v1/sims/final-score')).toHaveLength(0);
    const allDone = within(wrap).getByRole('button', { name: T.allDone }) as HTMLButtonElement;
    await waitFor(() => expect(allDone.disabled).toBe(false));
    await user.click(allDone);
    await waitFor(() => expect(server.to('/api/v1/sims/final-score')).toHaveLength(1));
    // the part went up once; the build was asked again with the same seconds
    expect(server.to(STREAM)).toHaveLength(1);
    const [first, second] = server.to(BUILD).map((c) => c.body as { duration: number; sources: string[] });
    expect(second?.duration).toBe(first?.duration);
    expect(second?.sources).toEqual(['screen-1.webm']);
  });

  it('Exit stops the recorders and the screens; nothing is built', async () => {
    const user = userEvent.setup();
    const { capture, server } = setup();
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('radio', { name: SR.screens(1) }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    await screen.findByTestId('step-text');
    await user.click(screen.getByRole('button', { name: T.exit }));
    const confirm = await screen.findByRole('dialog', { name: T.exitTitle });
    await user.click(within(confirm).getByRole('button', { name: T.exit }));
    await screen.findByTestId('dashboard');
    expect(capture.recorders().every((r) => r.state === 'inactive')).toBe(true);
    const tracks = [...capture.screens, capture.microphone].flatMap((s) => s.getTracks());
    expect(tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(capture.audio()?.close).toHaveBeenCalled();
    expect(server.to(BUILD)).toHaveLength(0);
  });

  it('a browser that cannot record the screen: the screen is let go, the unsupported message, no recording', async () => {
    const user = userEvent.setup();
    const { capture } = setup();
    vi.stubGlobal(
      'MediaRecorder',
      class {
        static isTypeSupported = () => false;
        constructor() {
          throw new DOMException('no encoder', 'NotSupportedError');
        }
      },
    );
    const dialog = await askDialog();
    await user.click(within(dialog).getByRole('button', { name: SR.yes }));
    await user.click(within(dialog).getByRole('button', { name: SR.proceed }));
    expect(await screen.findByText(SR.unsupported)).toBeTruthy();
    expect((await screen.findByTestId('step-text')).textContent).toBe(LINE);
    expect(capture.screens[0]?.getTracks().every((t) => t.stop.mock.calls.length > 0)).toBe(true);
  });
});
