import {
  RESULT_TEXTS,
  SCREEN_RECORDING,
  SCREEN_RECORDING_TEXTS as SR,
  type TGetVideoResponse,
  type TUserResultResponse,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../testing/fake-timers';
import { ASSIGNMENT_ID, ATTEMPT_ID, LEARNER_ID, LEVEL_ID, makeResult, SIM_ID } from '../testing/fixtures';
import { fakeAudio, LEARNER, mockApi, ok, renderAt, resultPath, SUPERVISOR, signInAs } from '../testing/harness';
import { ResultPage } from './result-page';

const QUERY = { assignment_id: ASSIGNMENT_ID, user_id: LEARNER_ID, sim_id: SIM_ID, levelId: LEVEL_ID };
const VIDEO_URL = '/api/v1/sims/screen-video/abc.mp4?expires=1&signature=s';
const DOWNLOAD_URL = '/api/v1/sims/screen-video/abc.mp4?download=1&expires=1&signature=d';
const GET_VIDEO = '/api/v1/sims/get-video';
const SAVE_VIDEO = '/api/v1/sims/save-screen-share-video';
const SAVED_ON = '2030-03-05T09:00:00.000Z';
const MARKED_ON = '2030-03-06T09:00:00.000Z';

const savedResult = (overrides: Partial<TUserResultResponse> = {}) =>
  makeResult({
    video_status: 'saved',
    video_url: VIDEO_URL,
    screen_recording_urls: [
      { url: VIDEO_URL, text: 'Screen Recording', created_on: SAVED_ON, saved_on: null, marked_best_practice_on: null },
    ],
    screen_share_video: { status: 'saved' },
    ...overrides,
  });

const video = (overrides: Partial<TGetVideoResponse> = {}): TGetVideoResponse => ({
  success: true,
  video_status: 'saved',
  video_url: VIDEO_URL,
  video_info: {
    duration: 42.5,
    width: 1920,
    height: 1080,
    size: 1_000_000,
    screens: 1,
    created_on: SAVED_ON,
    saved_on: null,
    marked_best_practice_on: null,
  },
  download_url: null,
  error: null,
  ...overrides,
});

interface Setup {
  who: 'learner' | 'reviewer';
  keys: readonly string[];
  result?: TUserResultResponse;
  /** get-video's answers in turn (the last again after) */
  videos?: TGetVideoResponse[];
}

function setup({ who, keys, result = savedResult(), videos = [video()] }: Setup) {
  fakeAudio();
  let asked = 0;
  const session = signInAs(keys, who);
  const api = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/result') return ok({ ...result });
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok({ allAudioProcessed: true, allLevelsCompleted: true, send_for_review: true });
    if (call.path === GET_VIDEO) return ok({ ...videos[Math.min(asked++, videos.length - 1)] });
    if (call.path === SAVE_VIDEO) {
      const body = call.body as { bestPractice: boolean };
      return ok({
        message: 'Saved',
        video_details: { saved_on: SAVED_ON, marked_best_practice_on: body.bestPractice ? MARKED_ON : null },
      });
    }
    return undefined;
  });
  const view = renderAt(<ResultPage />, resultPath({ ...QUERY, reviewer: who === 'reviewer' ? 'true' : 'false' }));
  return { ...view, ...api };
}

const button = (name: string) => screen.findByRole('button', { name });
const DOWNLOADER = [...SUPERVISOR, 'download_video:view'];

describe('the screen recording in the result view', () => {
  it('a learner: a single Preview Screen Recording, the video dialog with zoom 1 to 10, no save or download', async () => {
    const user = userEvent.setup();
    const { to } = setup({ who: 'learner', keys: LEARNER, videos: [video({ download_url: null })] });
    const preview = (await button(RESULT_TEXTS.previewScreenRecording)) as HTMLButtonElement;
    await waitFor(() => expect(preview.disabled).toBe(false));
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.previewRecording })).toBeNull();
    expect(Object.fromEntries(to(GET_VIDEO)[0]?.query ?? [])).toEqual({ id: ATTEMPT_ID });
    await user.click(preview);
    const dialog = await screen.findByRole('dialog', { name: RESULT_TEXTS.previewScreenRecording });
    const player = dialog.querySelector('video');
    expect(player?.getAttribute('src')).toBe(VIDEO_URL);
    // the area that scrolls the zoomed video is reached by Tab (axe: scrollable-region-focusable), named
    const scroller = within(dialog).getByRole('region', { name: RESULT_TEXTS.previewScreenRecording });
    expect([scroller.tabIndex, scroller.contains(player)]).toEqual([0, true]);
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect([zoom.getAttribute('aria-valuemin'), zoom.getAttribute('aria-valuemax')]).toEqual([
      String(SCREEN_RECORDING.zoomMin),
      String(SCREEN_RECORDING.zoomMax),
    ]);
    expect(within(dialog).queryByRole('button', { name: SR.save })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: SR.markBestPractice })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: SR.download })).toBeNull();
  });

  it('a reviewer without the download permission: both previews, no save, no download', async () => {
    const user = userEvent.setup();
    setup({ who: 'reviewer', keys: SUPERVISOR, videos: [video({ download_url: null })] });
    const recording = (await button(RESULT_TEXTS.previewRecording)) as HTMLButtonElement;
    await waitFor(() => expect(recording.disabled).toBe(false));
    await user.click(await button(RESULT_TEXTS.previewScreenRecording));
    const dialog = await screen.findByRole('dialog', { name: RESULT_TEXTS.previewScreenRecording });
    expect(within(dialog).queryByRole('button', { name: SR.save })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: SR.download })).toBeNull();
  });

  it('download_video view: Save and Mark as best practice (the 2.5 s message, the dates), and Download', async () => {
    const { user, advance } = fakeClock();
    const { to } = setup({ who: 'reviewer', keys: DOWNLOADER, videos: [video({ download_url: DOWNLOAD_URL })] });
    const preview = (await button(RESULT_TEXTS.previewRecording)) as HTMLButtonElement;
    await waitFor(() => expect(preview.disabled).toBe(false));
    await user.click(preview);
    const dialog = await screen.findByRole('dialog', { name: RESULT_TEXTS.previewRecording });
    expect(within(dialog).getByRole('link', { name: SR.download }).getAttribute('href')).toBe(DOWNLOAD_URL);
    expect(within(dialog).queryByTestId('video-saved-on')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: SR.save }));
    await waitFor(() => expect(to(SAVE_VIDEO)).toHaveLength(1));
    expect(Object.fromEntries(to(SAVE_VIDEO)[0]?.query ?? [])).toEqual({ id: ATTEMPT_ID });
    expect(to(SAVE_VIDEO)[0]?.body).toEqual({ url: VIDEO_URL, bestPractice: false });
    expect(await screen.findByText(SR.saved)).toBeTruthy();
    expect(within(dialog).getByTestId('video-saved-on').textContent).toBe(SR.savedOn('03-05-2030'));
    await advance(SCREEN_RECORDING.savedMessageMs - BEFORE_DUE_MS);
    expect(screen.queryByText(SR.saved)).toBeTruthy();
    await advance(BEFORE_DUE_MS + 500);
    await waitFor(() => expect(screen.queryByText(SR.saved)).toBeNull());

    const mark = within(dialog).getByRole('button', { name: SR.markBestPractice });
    expect(mark.getAttribute('aria-pressed')).toBe('false');
    await user.click(mark);
    await waitFor(() => expect(to(SAVE_VIDEO)).toHaveLength(2));
    expect(to(SAVE_VIDEO)[1]?.body).toEqual({ url: VIDEO_URL, bestPractice: true });
    expect(await screen.findByText(SR.markedBestPractice)).toBeTruthy();
    expect(within(dialog).getByTestId('video-marked-on').textContent).toBe(SR.markedOn('03-06-2030'));
    await waitFor(() => expect(mark.getAttribute('aria-pressed')).toBe('true'));
  });

  it('while processing: the previews wait, get-video is asked every 30 s, then saved enables them', async () => {
    const { advance } = fakeClock();
    const processing = video({ video_status: 'processing', video_url: null, video_info: null });
    const { to } = setup({
      who: 'learner',
      keys: LEARNER,
      result: savedResult({ video_status: 'processing', video_url: null, screen_recording_urls: [] }),
      videos: [processing, processing, video()],
    });
    expect(await screen.findByText(SR.processing)).toBeTruthy();
    const preview = (await button(RESULT_TEXTS.previewScreenRecording)) as HTMLButtonElement;
    expect(preview.disabled).toBe(true);
    await waitFor(() => expect(to(GET_VIDEO)).toHaveLength(1));
    await advance(SCREEN_RECORDING.statusPollMs - BEFORE_DUE_MS);
    expect(to(GET_VIDEO)).toHaveLength(1);
    await advance(BEFORE_DUE_MS);
    await waitFor(() => expect(to(GET_VIDEO)).toHaveLength(2));
    expect(preview.disabled).toBe(true);
    await advance(SCREEN_RECORDING.statusPollMs);
    await waitFor(() => expect(to(GET_VIDEO)).toHaveLength(3));
    await waitFor(() => expect(preview.disabled).toBe(false));
    expect(screen.queryByText(SR.processing)).toBeNull();
    // saved: no more asking
    await advance(SCREEN_RECORDING.statusPollMs * 2);
    expect(to(GET_VIDEO)).toHaveLength(3);
  });

  it('a failed build: the alert "Error in saving the screen recording!"', async () => {
    const { advance } = fakeClock();
    const processing = video({ video_status: 'processing', video_url: null, video_info: null });
    setup({
      who: 'learner',
      keys: LEARNER,
      result: savedResult({ video_status: 'processing', video_url: null, screen_recording_urls: [] }),
      videos: [processing, video({ video_status: 'failed', video_url: null, video_info: null, error: null })],
    });
    expect(await screen.findByText(SR.processing)).toBeTruthy();
    await advance(SCREEN_RECORDING.statusPollMs);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SR.failed);
    expect(((await button(RESULT_TEXTS.previewScreenRecording)) as HTMLButtonElement).disabled).toBe(true);
  });

  it('no recording: no preview button and no get-video', async () => {
    const { to } = setup({ who: 'learner', keys: LEARNER, result: makeResult() });
    expect(await screen.findByRole('button', { name: RESULT_TEXTS.retake })).toBeTruthy();
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.previewScreenRecording })).toBeNull();
    expect(to(GET_VIDEO)).toHaveLength(0);
  });
});
