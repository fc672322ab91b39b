import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES, type TTakeSimResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { assignments, attemptLines, attempts } from '../../apps/server/src/db/schema/index';
import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import type { Seed } from '../../apps/server/test/factories/company';
import config from '../playwright.config';
import { authHeaders, buildTeam, expect, missedWithEvidence, type Session, signedInSession, test } from './support';

/**
 * A fresh agent takes a level in practice mode in Chromium, with Chromium's fake microphone playing a WAV of
 * a line spoken by the server's own voices (learner-and-review.md sections 2 and 4): the customer's clip
 * plays, the learner records the line while the live transcript shows, the Real Time Feedback dialog lists
 * the keywords the server graded, Done, Wrap Up, All Done; then the attempt, its line (transcript and MP3)
 * and the assignment are checked in the database. A second journey says a wrong line: missed keywords and
 * a fail icon, then Retry and Exit.
 *
 * Each journey has its own company and browser context.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const LEVEL_NAME = 'Try w/ scripts';
const LEVEL_ORDER = 2;
const CUSTOMER = 'Hi, I would like to book a visit with a cardiologist.';
const RIGHT = 'I can schedule your appointment with the cardiologist on Monday morning.';
const WRONG = 'Please hold while I transfer you to the billing department.';
const KEYWORDS = ['schedule', 'Monday'];
const WAV_RATE = 48000;
const WAV_PAD_SECONDS = 1.5;
/** the grading job decodes the whole take again on the server */
const GRADING_MS = 120_000;

/**
 * The file the fake microphone plays. One browser per spec file (the file is a launch flag), so each journey
 * writes its line into it before it records: Chromium reads the file again whenever the microphone opens.
 */
const WAV = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `take-sim-voice-${process.pid}.wav`);

/** The browser's microphone plays the WAV (written before each recording; Chromium wants 16-bit PCM WAV). */
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
    ],
  },
});
test.afterAll(() => fs.rmSync(WAV, { force: true }));

/** The line spoken by the server's text-to-speech, as a WAV with a pause after it. */
async function makeWav(api: APIRequestContext, token: string, text: string, padSeconds = WAV_PAD_SECONDS) {
  const response = await api.post('/api/v1/speech/synthesize', {
    data: { text, voice: 'Joanna' },
    headers: authHeaders(token),
  });
  expect(response.status()).toBe(200);
  const mp3 = WAV.replace(/\.wav$/, '.mp3');
  fs.writeFileSync(mp3, await response.body());
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-i', mp3],
    ...['-af', `apad=pad_dur=${padSeconds}`, '-ac', '1', '-ar', String(WAV_RATE), '-c:a', 'pcm_s16le', WAV],
  ]);
  fs.rmSync(mp3);
}

/** How long the WAV plays, in ms (16-bit mono PCM after a 44-byte header). */
const wavDurationMs = () => Math.ceil(((fs.statSync(WAV).size - 44) / (WAV_RATE * 2)) * 1000);

interface Journey {
  session: Session;
  page: Page;
  api: APIRequestContext;
  seed: Seed;
  adminToken: string;
  agentToken: string;
  agentId: string;
  simId: string;
  simTitle: string;
  levelId: string;
  assignmentId: string;
}

/**
 * A company, a Training SIM with one level (order 2, real-time feedback): a customer line whose clip the
 * server generates, then the agent line with keywords; an assignment of the sim to the agent; the agent
 * signed in, with the microphone allowed.
 */
async function prepare(
  seed: Seed,
  browser: Browser,
  api: APIRequestContext,
  said: string,
  plan: { order: number; padSeconds?: number } = { order: LEVEL_ORDER },
): Promise<Journey> {
  const team = await buildTeam(seed);
  const simTitle = `E2E take sim ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: plan.order,
        lines: [
          ['customer', CUSTOMER],
          ['agent', RIGHT, { keywords: KEYWORDS }],
        ],
        fields: { name: LEVEL_NAME, realTimeFeedback: true, keywordScore: true },
      },
    ],
  });
  const [level] = sim.levels;
  if (!level) throw new Error('no level');
  const voice = await api.post('/api/v1/sims/generate-voice', {
    data: { sim_id: sim.simId, sim_script_id: level.scripts[0]?.id },
    headers: authHeaders(team.tokens.admin),
  });
  expect(voice.status(), await voice.text()).toBe(200);
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.admin.id,
  });
  await makeWav(api, team.tokens.admin, said, plan.padSeconds);

  const session = await signedInSession(browser, team.tokens.agent);
  await session.page.context().grantPermissions(['microphone'], { origin: baseURL });
  return {
    session,
    page: session.page,
    api,
    seed,
    adminToken: team.tokens.admin,
    agentToken: team.tokens.agent,
    agentId: team.users.agent.id,
    simId: sim.simId,
    simTitle,
    levelId: level.id,
    assignmentId: assignment.id,
  };
}

/** The level as the dashboard's START opens it (query of learner-and-review.md section 2). */
function takeSimPath(j: Journey, order = LEVEL_ORDER) {
  const query = new URLSearchParams({
    levelId: j.levelId,
    assignment_id: j.assignmentId,
    sim_id: j.simId,
    user_id: j.agentId,
    reviewer: 'false',
    order: String(order),
    continueSimLevel: 'false',
    activeIndex: '0',
  });
  return `/sims/takesim?${query.toString()}`;
}

/** The customer's clip plays to its end (a browser that wants a gesture first gets a press on play). */
async function hearTheCustomer(page: Page) {
  await expect(page.getByTestId('step-text')).toHaveText(CUSTOMER);
  const audio = page.getByTestId('line-audio');
  const blocked = page.getByText(T.playBlocked);
  await expect
    .poll(
      async () => (await blocked.isVisible()) || (await audio.evaluate((a: HTMLAudioElement) => !a.paused || a.ended)),
    )
    .toBe(true);
  if (await blocked.isVisible()) await page.getByRole('button', { name: T.play, exact: true }).click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.ended && a.played.length > 0 && a.duration > 1), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(page.getByRole('button', { name: T.replay })).toBeVisible();
  // practice mode waits for the learner
  await expect(page.getByRole('button', { name: `${T.stepMenu}: 1 / 2` })).toBeVisible();
}

/** The learner's turn: record while the fake microphone says the WAV, watching the live transcript. */
async function sayTheLine(page: Page, heard: RegExp) {
  await page.getByRole('button', { name: T.next, exact: true }).click();
  await expect(page.getByRole('button', { name: `${T.stepMenu}: 2 / 2` })).toBeVisible();
  await expect(page.getByText(T.yourTurn, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: T.record }).click();
  const started = Date.now();
  await expect(page.getByRole('button', { name: T.stop })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: T.recordingNow })).toBeVisible();
  // the live transcript while speaking
  await expect(page.getByTestId('live-transcript')).toHaveText(heard, { timeout: wavDurationMs() + 15_000 });
  // the learner speaks for as long as the recorded line plays: a fixed time is the journey itself
  const left = wavDurationMs() - (Date.now() - started);
  if (left > 0) await page.waitForTimeout(left);
  await page.getByRole('button', { name: T.stop }).click();
}

async function attemptOf(seed: Seed, assignmentId: string) {
  const rows = await seed.db.select().from(attempts).where(eq(attempts.assignmentId, assignmentId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

test('a learner hears the customer, records the line, gets the feedback, finishes the level', async ({
  seed,
  browser,
  playwright,
}) => {
  const j = await prepare(seed, browser, await playwright.request.newContext({ baseURL }), RIGHT);
  try {
    const { page } = j;
    await page.goto(takeSimPath(j));
    await expect(page.getByRole('heading', { name: new RegExp(LEVEL_NAME.replace('/', '\\/')) })).toBeVisible();
    await expect(page.getByText(T.levelNumber(LEVEL_ORDER + 1), { exact: true })).toBeVisible();
    await expect(page.getByTestId('practice-mode')).toHaveText(T.practiceMode(true));
    await hearTheCustomer(page);
    await sayTheLine(page, /schedule|appointment|cardiologist|monday/i);

    const feedback = page.getByRole('dialog', { name: T.feedbackTitle });
    await expect(feedback).toBeVisible({ timeout: GRADING_MS });
    await expect(feedback.getByTestId('feedback-pass')).toBeVisible();
    await expect(feedback.getByRole('list', { name: T.correctKeywords }).getByRole('listitem')).toHaveText(KEYWORDS);
    await expect(feedback.getByRole('list', { name: T.missedKeywords }).getByRole('listitem')).toHaveCount(0);
    await expect(feedback.getByTestId('feedback-transcription')).toHaveText(/schedule/i);
    await expect(feedback.getByRole('button', { name: T.playRecorded })).toBeVisible();
    // the last clip: Done
    await feedback.getByRole('button', { name: T.done, exact: true }).click();

    const wrapUp = page.getByRole('dialog', { name: T.wrapUpTitle });
    await expect(wrapUp.getByText(TAKE_SIM_MESSAGES.wrapUp)).toBeVisible();
    await expect(wrapUp.getByRole('timer')).toBeVisible();
    await wrapUp.getByRole('button', { name: T.allDone }).click();

    await expect(page.getByRole('heading', { name: T.resultOf(LEVEL_NAME) })).toBeVisible({ timeout: 60_000 });
    const figures = page.getByRole('region', { name: T.resultTitle });
    await expect(figures.getByLabel(T.figures.keyword)).toHaveText('100%');
    const transcript = page.getByRole('region', { name: T.callTranscript });
    await expect(transcript.getByText('100.00%')).toBeVisible();
    await expect(page.getByRole('button', { name: T.backToDashboard })).toBeVisible();

    // the server kept the attempt, the line's transcript and its MP3, and completed the assignment
    const attempt = await attemptOf(j.seed, j.assignmentId);
    expect(attempt).toMatchObject({
      status: 'completed',
      mode: 'practice',
      exitOrRestart: false,
      keywordAccuracy: 100,
    });
    expect(attempt.totalSeconds).toBeGreaterThan(0);
    const lines = await j.seed.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      status: 'Completed',
      passed: true,
      correctKeywords: KEYWORDS,
      missedKeywords: [],
    });
    expect(lines[0]?.transcription).toMatch(/schedule/i);
    expect(lines[0]?.liveTranscript).not.toBe('');
    expect(lines[0]?.audioKey).toMatch(/\.mp3$/);
    const details = await j.api.get('/api/v1/sims/take-sim/details', {
      params: { simLevelId: j.levelId, assignment_id: j.assignmentId, user_response_id: attempt.id },
      headers: authHeaders(j.agentToken),
    });
    expect(details.status(), await details.text()).toBe(200);
    const take = ((await details.json()) as TTakeSimResponse).level.sim_scripts.find((s) => s.is_agent)?.take;
    expect(take?.recorded_url).toBeTruthy();
    const mp3 = await j.api.get(take?.recorded_url ?? '');
    expect(mp3.status()).toBe(200);
    expect(mp3.headers()['content-type']).toMatch(/audio\/mpeg/);
    const [assignment] = await j.seed.db.select().from(assignments).where(eq(assignments.id, j.assignmentId));
    expect(assignment?.status).toBe('COMPLETED');

    // back on the dashboard, which reads the return state (and tidies its keys out of the URL) and opens
    // the sim of the assignment again
    await page.getByRole('button', { name: T.backToDashboard }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('dialog', { name: new RegExp(j.simTitle) })).toBeVisible();
    expect(j.session.errors, 'errors logged by the page').toEqual([]);
  } finally {
    await j.session.close();
    await j.api.dispose();
  }
});

test('a wrong line misses the keywords and fails; Retry clears the take; Exit leaves the attempt exited', async ({
  seed,
  browser,
  playwright,
}) => {
  const j = await prepare(seed, browser, await playwright.request.newContext({ baseURL }), WRONG);
  try {
    const { page } = j;
    await page.goto(takeSimPath(j));
    await hearTheCustomer(page);
    await sayTheLine(page, /hold|transfer|billing|department/i);

    const feedback = page.getByRole('dialog', { name: T.feedbackTitle });
    await expect(feedback).toBeVisible({ timeout: GRADING_MS });
    await expect(feedback.getByTestId('feedback-fail')).toBeVisible();
    await expect(feedback.getByText(T.failed, { exact: true })).toBeVisible();
    // each missed keyword says what was expected and what was heard in its place (issue 30)
    await expect(feedback.getByRole('list', { name: T.missedKeywords }).getByRole('listitem')).toHaveText(
      KEYWORDS.map((k) => missedWithEvidence(k)),
    );
    await expect(feedback.getByRole('list', { name: T.correctKeywords }).getByRole('listitem')).toHaveCount(0);

    const attempt = await attemptOf(j.seed, j.assignmentId);
    const [graded] = await j.seed.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt.id));
    expect(graded).toMatchObject({ status: 'Completed', passed: false, correctKeywords: [], missedKeywords: KEYWORDS });
    expect(graded?.transcription).not.toMatch(/schedule|monday/i);

    // Retry: the take is cleared on the server; practice waits for the learner to record again
    await feedback.getByRole('button', { name: T.retry }).click();
    await expect(feedback).toBeHidden();
    await expect(page.getByRole('button', { name: T.record })).toBeEnabled();
    await expect(page.getByText(T.recordPrompt)).toBeVisible();
    await expect
      .poll(async () => {
        const [line] = await j.seed.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt.id));
        return line ? { status: line.status, audioKey: line.audioKey } : null;
      })
      .toEqual({ status: 'Pending', audioKey: null });

    // Exit: the attempt is closed as exited and the learner is back on the dashboard
    await page.getByRole('button', { name: T.exit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: T.exitTitle });
    await confirm.getByRole('button', { name: T.exit, exact: true }).click();
    // (the dashboard reads the spec's exit query and state, tidies them out of the URL, reopens the sim)
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('dialog', { name: new RegExp(j.simTitle) })).toBeVisible();
    expect(await attemptOf(j.seed, j.assignmentId)).toMatchObject({ status: 'exited', exitOrRestart: true });
    const [assignment] = await j.seed.db.select().from(assignments).where(eq(assignments.id, j.assignmentId));
    expect(assignment?.status).toBe('IN PROGRESS');
    expect(j.session.errors, 'errors logged by the page').toEqual([]);
  } finally {
    await j.session.close();
    await j.api.dispose();
  }
});

/**
 * Issue 31, defect 3: autoplay (level order 4 has no practice mode) ends the learner's take by itself when they
 * stop speaking. The fake microphone says the line, then 4 s of silence before it starts again: the take
 * ends after the line, within 2 s of the silence (and a margin for the browser's audio pipeline), never
 * before the line is said, without STOP; the line is graded.
 */
test('autoplay ends the take by itself within 2 s of the learner falling silent', async ({
  seed,
  browser,
  playwright,
}) => {
  const order = 4;
  const padSeconds = 4;
  const j = await prepare(seed, browser, await playwright.request.newContext({ baseURL }), RIGHT, {
    order,
    padSeconds,
  });
  try {
    const { page } = j;
    const speechMs = wavDurationMs() - padSeconds * 1000;
    await page.goto(takeSimPath(j, order));
    // the customer's clip plays, then the learner's turn records by itself
    const recording = page.getByRole('status').filter({ hasText: TAKE_SIM_MESSAGES.recordingAutoplay });
    const blocked = page.getByText(T.playBlocked);
    await expect
      .poll(async () => (await blocked.isVisible()) || (await recording.isVisible()), { timeout: 60_000 })
      .toBe(true);
    if (await blocked.isVisible()) await page.getByRole('button', { name: T.play, exact: true }).click();
    await expect(recording).toBeVisible({ timeout: 60_000 });
    const started = Date.now();
    await expect(recording).toBeHidden({ timeout: speechMs + 15_000 });
    const elapsed = Date.now() - started;
    expect(elapsed, 'the take lasted at least the line').toBeGreaterThanOrEqual(speechMs - 300);
    // 2 s of silence, plus 2.5 s for the microphone's start and the audio pipeline on a busy machine
    expect(elapsed, 'the take ended after the silence').toBeLessThanOrEqual(speechMs + 2_000 + 2_500);
    // the take was uploaded and graded
    await expect
      .poll(
        async () => {
          const rows = await j.seed.db.select().from(attempts).where(eq(attempts.assignmentId, j.assignmentId));
          const attempt = rows[0];
          if (!attempt) return null;
          const lines = await j.seed.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt.id));
          return lines[0]?.status ?? null;
        },
        { timeout: GRADING_MS },
      )
      .toBe('Completed');
    expect(j.session.errors, 'errors logged by the page').toEqual([]);
  } finally {
    await j.session.close();
    await j.api.dispose();
  }
});
