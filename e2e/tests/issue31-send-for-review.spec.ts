import type { Page } from '@playwright/test';
import {
  LABELS,
  RESULT_TEXTS,
  SCORECARD_TEXTS as S,
  SEND_FOR_REVIEW_TEXTS,
  TAKE_SIM_TEXTS as T,
  TAKE_SIM_MESSAGES,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { assignments } from '../../apps/server/src/db/schema/index';
import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import { axeFindings, loaded } from './a11y-support';
import { authHeaders, buildTeam, expect, signedInSession, test } from './support';

/**
 * Issue 31, defect 1: on the result view reached after All Done, SEND FOR REVIEW replaced the result with
 * "The assignment is pending review: the level is locked [RETRY]" (every query was asked again, the take-sim
 * page's start of an attempt with them: 409). A learner takes the sim's only level in Chromium (the
 * customer's line plays; nothing to record), All Done, sends the result for review: the confirmation and
 * the new status show, the result stays, no second attempt is started; then the dashboard, as the spec says.
 * At phone size the result says in words why Send for review is unavailable now.
 *
 * The level is a Watch level (defect 2: order 0, 'Watch and Learn', convert agent off): the agent's line is
 * spoken by its voice like the customer's, the learner is never asked to record and the microphone is never
 * opened.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const LEVEL_NAME = 'Watch and Learn';
const LEVEL_ORDER = 0;
const CUSTOMER = 'Hi, I would like to book a visit with a cardiologist.';
const AGENT = 'I can schedule your appointment with the cardiologist on Monday morning.';

async function clipPlayed(page: Page, line: string) {
  await expect(page.getByTestId('step-text')).toHaveText(line);
  // never the learner's turn on a Watch level
  await expect(page.getByText(T.yourTurn)).toHaveCount(0);
  await expect(page.getByRole('button', { name: T.record })).toHaveCount(0);
  const audio = page.getByTestId('line-audio');
  const blocked = page.getByText(T.playBlocked);
  await expect
    .poll(
      async () => (await blocked.isVisible()) || (await audio.evaluate((a: HTMLAudioElement) => !a.paused || a.ended)),
    )
    .toBe(true);
  if (await blocked.isVisible()) await page.getByRole('button', { name: T.play, exact: true }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.ended), { timeout: 30_000 }).toBe(true);
}

test('SEND FOR REVIEW after All Done confirms, shows the new status and keeps the result', async ({
  seed,
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const team = await buildTeam(seed);
  const simTitle = `E2E send for review ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: LEVEL_ORDER,
        lines: [
          ['customer', CUSTOMER],
          ['agent', AGENT, { keywords: ['schedule'] }],
        ],
        fields: { name: LEVEL_NAME, convertAgent: false },
      },
    ],
  });
  const [level] = sim.levels;
  if (!level) throw new Error('no level');
  for (const script of level.scripts) {
    const voice = await api.post('/api/v1/sims/generate-voice', {
      data: { sim_id: sim.simId, sim_script_id: script.id },
      headers: authHeaders(team.tokens.admin),
    });
    expect(voice.status(), await voice.text()).toBe(200);
  }
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  const session = await signedInSession(browser, team.tokens.agent);
  const { page } = session;
  // every time the page asks for the microphone
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    const original = media.getUserMedia.bind(media);
    (window as unknown as { micAsks: number }).micAsks = 0;
    media.getUserMedia = (constraints) => {
      (window as unknown as { micAsks: number }).micAsks += 1;
      return original(constraints);
    };
  });
  // every attempt the page starts
  const starts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/sims/save-take-sim-details')) starts.push(r.url());
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    const query = new URLSearchParams({
      levelId: level.id,
      assignment_id: assignment.id,
      sim_id: sim.simId,
      user_id: team.users.agent.id,
      reviewer: 'false',
      order: String(LEVEL_ORDER),
      continueSimLevel: 'false',
      activeIndex: '0',
    });
    await page.goto(`/sims/takesim?${query.toString()}`);
    await clipPlayed(page, CUSTOMER);
    await page.getByRole('button', { name: T.next, exact: true }).click();
    // the agent's line plays in its voice
    await clipPlayed(page, AGENT);
    expect(await page.evaluate(() => (window as unknown as { micAsks: number }).micAsks), 'microphone asks').toBe(0);
    const done = page.getByRole('button', { name: T.done, exact: true });
    await expect(done).toBeEnabled({ timeout: 30_000 });
    await done.click();
    const wrapUp = page.getByRole('dialog', { name: T.wrapUpTitle });
    await wrapUp.getByRole('button', { name: T.allDone }).click();

    // the post-attempt result view, the take-sim page still under it
    const heading = page.getByRole('heading', { name: T.resultOf(LEVEL_NAME) });
    await expect(heading).toBeVisible({ timeout: 60_000 });
    const card = page.getByRole('region', { name: S.title });
    await expect(card.getByTestId('assignment-status')).toHaveText('COMPLETED');
    const send = card.getByRole('button', { name: RESULT_TEXTS.sendForReview });
    await expect(send).toBeEnabled({ timeout: 30_000 });
    expect(starts).toHaveLength(1);
    await page.screenshot({ path: testInfo.outputPath('before-send-1440x900.png') });

    await send.click();
    // the confirmation, the new status, and the result still there
    await expect(page.getByRole('alert').filter({ hasText: RESULT_TEXTS.sentForReview })).toBeVisible();
    await expect(card.getByTestId('assignment-status')).toHaveText('PENDING REVIEW');
    await expect(heading).toBeVisible();
    await expect(page.getByText(TAKE_SIM_MESSAGES.reviewLocked)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('sent-1440x900.png') });
    expect(starts, 'no second attempt was started').toHaveLength(1);
    const [row] = await seed.db.select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(row?.status).toBe('PENDING REVIEW');
    // the review alert hides after 3 s, then the dashboard (learner-and-review.md section 2)
    await expect(page).toHaveURL(/\/dashboard/);

    // at phone size the top bar's title is read whole (it was cut to "DASH…")
    await page.setViewportSize({ width: 390, height: 844 });
    const title = page.getByRole('banner').getByRole('heading', { level: 1 });
    await expect(title).toHaveText(/dashboard/i);
    const fits = await title.evaluate((h) => h.scrollWidth <= h.clientWidth);
    expect(fits, 'the title is not cut').toBe(true);
    await expect(page.getByRole('button', { name: LABELS.signOut })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('dashboard-390x844.png') });

    // at phone size the result says in words why Send for review is unavailable now
    const result = new URLSearchParams({
      viewResult: 'true',
      assignment_id: assignment.id,
      user_id: team.users.agent.id,
      sim_id: sim.simId,
      reviewer: 'false',
      levelId: level.id,
    });
    await page.goto(`/sims/takesim?${result.toString()}`);
    await expect(heading).toBeVisible();
    await loaded(page);
    const reason = page.getByTestId('send-unavailable');
    await expect(reason).toContainText(SEND_FOR_REVIEW_TEXTS.alreadyUnderReview);
    const box = await reason.boundingBox();
    expect(box && box.y + box.height, 'the reason shows without scrolling').toBeLessThanOrEqual(844);
    await expect(page.getByRole('button', { name: RESULT_TEXTS.sendForReview })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('pending-390x844.png') });
    expect(await axeFindings(page), 'axe on the result at phone size').toEqual([]);
    expect(session.errors, 'errors logged by the page').toEqual([]);
  } finally {
    await session.close();
    await api.dispose();
  }
});
