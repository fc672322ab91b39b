import type { Page } from '@playwright/test';
import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_TEXTS,
  RESULT_TEXTS,
  SCREEN_RECORDING,
  SIM_DETAIL_TEXTS,
  SCREEN_RECORDING_TEXTS as SR,
  TAKE_SIM_TEXTS as T,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { attempts, screenRecordingParts } from '../../apps/server/src/db/schema/index';
import type { Seed } from '../../apps/server/test/factories/company';
import config from '../playwright.config';
import {
  awaitVideo,
  CUSTOMER_LINE,
  LEVEL_NAME,
  LEVEL_ORDER,
  prepareRecording,
  probeVideo,
} from './screen-recording-seed';
import { expect, type Session, signedInSession, test } from './support';

/**
 * An agent takes a level whose setting records the screen, in Chromium (learner-and-review.md sections 2, 7
 * and 9; DECISIONS.md section 6): the Screen Recording dialog (Yes, 1 screen, Proceed), the level recorded
 * while it is taken, Done, Wrap Up, All Done with the upload's progress; the server builds the MP4 (checked
 * with ffprobe: the attempt's length within 1 s, a video and an audio stream); a supervisor previews it in the
 * result view, saves it and marks it as best practice.
 *
 * Chromium's fake media UI picks the screen for getDisplayMedia by itself (a 1920×1080 test pattern with a
 * tone) and its fake microphone gives a beep: both go into the recording.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const LEVEL_CARD = `${SIM_DETAIL_TEXTS.level(LEVEL_ORDER)} ${LEVEL_NAME}`;
/** the fake screen records some 30 KB a second: a 512 KiB part goes up while recording after ~17 s */
const PART_MS = 60_000;
const BUILD_MS = 180_000;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

/** The dashboard's Go: the sim's dialog with its level card. */
async function levelCard(page: Page, simTitle: string) {
  await page.goto('/dashboard');
  await page
    .getByRole('row')
    .filter({ hasText: simTitle })
    .getByRole('button', { name: `${ASSIGNMENT_TEXTS.go} ${simTitle}` })
    .click();
  return page.getByRole('dialog', { name: new RegExp(simTitle) }).getByRole('article', { name: LEVEL_CARD });
}

/** START then Practice on the level card: the level's setting goes in the navigation state. */
async function startLevel(page: Page, simTitle: string) {
  const card = await levelCard(page, simTitle);
  await card.getByRole('button', { name: `${SIM_DETAIL_TEXTS.start} ${LEVEL_CARD}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(SIM_DETAIL_TEXTS.practice) }).click();
  await expect(page).toHaveURL(/\/sims\/takesim\?/);
}

/** The Screen Recording dialog: Yes, 1 screen, Proceed (the fake UI picks the screen). */
async function recordOneScreen(page: Page) {
  const ask = page.getByRole('dialog', { name: SR.askTitle });
  await ask.getByRole('button', { name: SR.yes, exact: true }).click();
  await ask.getByRole('radio', { name: SR.screens(1) }).check();
  await ask.getByRole('button', { name: SR.proceed }).click();
  await expect(ask).toBeHidden();
}

/** The parts of the attempt's recording the server holds. */
async function partsOf(seed: Seed, attemptId: string) {
  return seed.db.select().from(screenRecordingParts).where(eq(screenRecordingParts.attemptId, attemptId));
}

async function onlyAttempt(seed: Seed, assignmentId: string) {
  const rows = await seed.db.select().from(attempts).where(eq(attempts.assignmentId, assignmentId));
  expect(rows).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

test('an agent records the screen while taking a level; a supervisor previews the built video', async ({
  seed,
  browser,
  playwright,
}) => {
  test.setTimeout(360_000);
  const api = await playwright.request.newContext({ baseURL });
  const j = await prepareRecording(seed);
  const sessions: Session[] = [];
  try {
    const learner = await signedInSession(browser, j.team.tokens.agent);
    sessions.push(learner);
    const lp = learner.page;
    await lp.context().grantPermissions(['microphone'], { origin: baseURL });

    // the dashboard's START opens the level with its screenRecording setting in the navigation state
    await startLevel(lp, j.simTitle);

    // the Screen Recording dialog before the first line
    const ask = lp.getByRole('dialog', { name: SR.askTitle });
    await expect(ask.getByText(SR.ask)).toBeVisible();
    await expect(lp.getByTestId('step-text')).toHaveCount(0);
    await ask.getByRole('button', { name: SR.yes, exact: true }).click();
    await expect(ask.getByText(SR.howMany)).toBeVisible();
    await expect(ask.getByText(SR.cannotStop)).toBeVisible();
    await expect(ask.getByRole('radio', { name: SR.screens(2) })).toBeChecked();
    await ask.getByRole('radio', { name: SR.screens(1) }).check();
    await ask.getByRole('button', { name: SR.proceed }).click();
    await expect(ask).toBeHidden();

    // the level, recorded while it is taken: a whole part goes up before the level ends
    await expect(lp.getByTestId('step-text')).toHaveText(CUSTOMER_LINE);
    const onLevel = Date.now();
    const attempt = await onlyAttempt(seed, j.assignmentId);
    await expect.poll(async () => (await partsOf(seed, attempt.id)).length, { timeout: PART_MS }).toBeGreaterThan(0);
    await lp.getByRole('button', { name: T.done, exact: true }).click();
    const wrapUp = lp.getByRole('dialog', { name: T.wrapUpTitle });
    await wrapUp.getByRole('button', { name: T.allDone }).click();
    // ALL DONE waits for the upload of the rest, then the result shows (the rest of a brief level can be up
    // before a check could see the disabled button, so only the end is asserted here)
    await expect(lp.getByRole('heading', { name: T.resultOf(LEVEL_NAME) })).toBeVisible({ timeout: 60_000 });

    // the attempt, its parts and its video
    const done = await onlyAttempt(seed, j.assignmentId);
    expect(done.status).toBe('completed');
    const totalSeconds = done.totalSeconds ?? 0;
    expect(totalSeconds).toBeLessThan((Date.now() - onLevel) / 1000 + 5);
    const parts = (await partsOf(seed, attempt.id)).sort((a, b) => a.chunkNumber - b.chunkNumber);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.chunkNumber)).toEqual(parts.map((_, i) => i));
    expect(parts.slice(0, -1).every((p) => p.size === SCREEN_RECORDING.chunkBytes)).toBe(true);
    expect(parts.every((p) => p.fileName === 'screen-1.webm')).toBe(true);
    const video = await awaitVideo(api, j.team.tokens.agent, attempt.id, BUILD_MS);
    expect(video.error).toBeNull();
    expect(video.video_status).toBe('saved');
    expect(video.video_info?.screens).toBe(1);
    // the learner's own result view: a single Preview Screen Recording, enabled once the page asks again
    await expect(lp.getByRole('button', { name: RESULT_TEXTS.previewRecording, exact: true })).toHaveCount(0);
    await expect(lp.getByRole('button', { name: RESULT_TEXTS.previewScreenRecording })).toBeEnabled({
      timeout: 40_000,
    });
    const probe = await probeVideo(api, video.video_url ?? '');
    expect(probe.codecTypes).toEqual(['audio', 'video']);
    expect(Math.abs(probe.durationSeconds - totalSeconds)).toBeLessThanOrEqual(1);
    const figures = `attempt ${totalSeconds} s, MP4 ${probe.durationSeconds.toFixed(2)} s, ${parts.length} parts`;
    test.info().annotations.push({ type: 'figures', description: figures });
    console.log(`screen recording: ${figures}`);
    expect([probe.width, probe.height]).toEqual([1920, 1080]);
    // the learner has no download
    expect(video.download_url).toBeNull();

    // the supervisor's result view: both previews, the video dialog, save and best practice
    const supervisor = await signedInSession(browser, j.team.tokens.supervisor);
    sessions.push(supervisor);
    const sp = supervisor.page;
    const query = new URLSearchParams({
      viewResult: 'true',
      assignment_id: j.assignmentId,
      user_id: j.team.users.agent.id,
      sim_id: j.simId,
      reviewer: 'true',
      levelId: j.levelId,
    });
    await sp.goto(`/sims/takesim?${query.toString()}`);
    await expect(sp.getByRole('heading', { name: T.resultOf(LEVEL_NAME) })).toBeVisible();
    await expect(sp.getByRole('button', { name: RESULT_TEXTS.previewRecording, exact: true })).toBeEnabled();
    await sp.getByRole('button', { name: RESULT_TEXTS.previewScreenRecording }).click();
    const dialog = sp.getByRole('dialog', { name: RESULT_TEXTS.previewScreenRecording });
    const player = dialog.locator('video');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 20_000 })
      .toBeGreaterThan(totalSeconds - 1);
    // it plays (HTTP Range from the signed URL)
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
    await expect(dialog.getByRole('link', { name: SR.download })).toHaveAttribute('href', /.+/);

    await dialog.getByRole('button', { name: SR.save }).click();
    await expect(sp.getByText(SR.saved, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('video-saved-on')).toBeVisible();
    await dialog.getByRole('button', { name: SR.markBestPractice }).click();
    await expect(sp.getByText(SR.markedBestPractice, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('video-marked-on')).toBeVisible();
    const after = await awaitVideo(api, j.team.tokens.supervisor, attempt.id, 5_000);
    expect(after.video_info?.saved_on).not.toBeNull();
    expect(after.video_info?.marked_best_practice_on).not.toBeNull();

    for (const s of sessions) expect(s.errors, 'errors logged by the pages').toEqual([]);
  } finally {
    for (const s of sessions) await s.close();
    await api.dispose();
  }
});

test('a level left with part of its recording uploaded cannot be resumed: START OVER only', async ({
  seed,
  browser,
}) => {
  test.setTimeout(180_000);
  const j = await prepareRecording(seed);
  const learner = await signedInSession(browser, j.team.tokens.agent);
  try {
    const lp = learner.page;
    await lp.context().grantPermissions(['microphone'], { origin: baseURL });
    await startLevel(lp, j.simTitle);
    await recordOneScreen(lp);
    await expect(lp.getByTestId('step-text')).toHaveText(CUSTOMER_LINE);
    const attempt = await onlyAttempt(seed, j.assignmentId);
    await expect.poll(async () => (await partsOf(seed, attempt.id)).length, { timeout: PART_MS }).toBeGreaterThan(0);

    // the learner leaves the page mid-level (no Exit): the attempt stays open with a partial recording
    const card = await levelCard(lp, j.simTitle);
    await expect(card.getByText(SIM_DETAIL_TEXTS.unfinished)).toBeVisible();
    await card.getByRole('button', { name: `${SIM_DETAIL_TEXTS.start} ${LEVEL_CARD}` }).click();
    const resume = lp.getByRole('dialog', { name: SIM_DETAIL_TEXTS.resumeTitle });
    await expect(resume.getByText(ASSIGNMENT_MESSAGES.partialRecordings)).toBeVisible();
    await expect(resume.getByRole('button', { name: SIM_DETAIL_TEXTS.resume })).toHaveCount(0);
    await expect(resume.getByRole('button', { name: SIM_DETAIL_TEXTS.startOver })).toBeVisible();
    expect(learner.errors, 'errors logged by the page').toEqual([]);
  } finally {
    await learner.close();
  }
});
