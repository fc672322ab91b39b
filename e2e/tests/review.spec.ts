import type { Page } from '@playwright/test';
import {
  ASSIGNMENT_TEXTS,
  notificationsLabel,
  RESULT_TEXTS,
  reviewNotification,
  SIM_DETAIL_TEXTS,
  TAKE_SIM_TEXTS as T,
} from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import { assignmentReviews, assignments, attempts } from '../../apps/server/src/db/schema/index';
import type { Seed } from '../../apps/server/test/factories/company';
import {
  LEVEL_NAME,
  LEVEL_ORDER,
  prepareReview,
  RECORDING,
  type ReviewJourney,
  takeLevelThroughApi,
} from './review-seed';
import { authHeaders, expect, type Session, signedInSession, test } from './support';

/**
 * Issue 13, "Done means": a learner's completed attempt (made through the API with a recorded fixture) is
 * sent for review by the learner; a supervisor opens it from Pending Review, plays a line, reads the
 * transcript with its keywords marked, writes an assessor note and marks NO PASS with a message; the learner
 * sees the red row, the notification and the track record; then retakes and is marked PASS.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const LEVEL_CARD = `${SIM_DETAIL_TEXTS.level(LEVEL_ORDER)} ${LEVEL_NAME}`;
const NOTE = 'Calm and clear; say the keywords with more weight.';
const MESSAGE = 'Please stress "cold hearted" and "selfish" next time.';

/** Today as the track record shows it: MM-DD-YYYY (the browser runs on this machine's clock and zone). */
function today() {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}-${d.getFullYear()}`;
}

const assignmentRow = (page: Page, j: ReviewJourney) => page.getByRole('row').filter({ hasText: j.simTitle });

async function assignmentOf(seed: Seed, j: ReviewJourney) {
  const [row] = await seed.db.select().from(assignments).where(eq(assignments.id, j.assignmentId));
  return row;
}

/** From a dashboard row, through the sim detail dialog's level card, to the level's result view. */
async function openResult(page: Page, j: ReviewJourney, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog', { name: new RegExp(j.simTitle) });
  const card = dialog.getByRole('article', { name: LEVEL_CARD });
  await card.getByRole('button', { name: SIM_DETAIL_TEXTS.viewResults }).click();
  await expect(page).toHaveURL(/\/sims\/takesim\?viewResult=true/);
  await expect(page.getByRole('heading', { name: T.resultOf(LEVEL_NAME) })).toBeVisible();
}

/** The supervisor's way in: the Pending Review tab, the row's Review icon, View Results. */
async function reviewFromPendingTab(page: Page, j: ReviewJourney) {
  await page.goto('/dashboard?tab=PENDING_REVIEW');
  await openResult(page, j, () =>
    assignmentRow(page, j)
      .getByRole('button', { name: `${ASSIGNMENT_TEXTS.review} ${j.simTitle}` })
      .click(),
  );
  await expect(page).toHaveURL(/reviewer=true/);
}

/** PASS or NO PASS with a message; the success alert, then the dashboard. */
async function decide(page: Page, decision: 'PASS' | 'NO PASS', message: string) {
  await page.getByRole('button', { name: decision, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${decision}` });
  if (message) await dialog.getByLabel(RESULT_TEXTS.messageToLearner).fill(message);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await expect(page.getByText(decision === 'PASS' ? RESULT_TEXTS.markedPass : RESULT_TEXTS.markedNoPass)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** TRACK RECORD of the row: its decisions, newest first, as [date, decision, message]. */
async function trackRecord(page: Page, j: ReviewJourney) {
  await assignmentRow(page, j)
    .getByRole('button', { name: `${ASSIGNMENT_TEXTS.trackRecord} ${j.simTitle}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${RESULT_TEXTS.trackRecord}: ${j.simTitle}` });
  const rows = dialog.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const cells = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return cells.map(([date, decision, , message]) => [date, decision, message]);
}

test('a result is sent for review, heard, noted and marked NO PASS; the retake is marked PASS', async ({
  seed,
  browser,
  playwright,
}) => {
  test.setTimeout(420_000);
  const api = await playwright.request.newContext({ baseURL });
  const j = await prepareReview(seed);
  const sessions: Session[] = [];
  try {
    // the learner's attempt, recorded and graded through the API
    const first = await takeLevelThroughApi(api, j);
    expect((await assignmentOf(seed, j))?.status).toBe('COMPLETED');

    // the learner opens the result from the Completed tab and sends it for review
    const learner = await signedInSession(browser, j.team.tokens.agent);
    sessions.push(learner);
    const lp = learner.page;
    await lp.goto('/dashboard?tab=COMPLETED');
    await openResult(lp, j, () =>
      assignmentRow(lp, j)
        .getByRole('button', { name: `${ASSIGNMENT_TEXTS.viewOrRetry} ${j.simTitle}` })
        .click(),
    );
    await expect(lp.getByRole('button', { name: RESULT_TEXTS.retake })).toBeVisible();
    const send = lp.getByRole('button', { name: RESULT_TEXTS.sendForReview });
    await expect(send).toBeEnabled({ timeout: 30_000 });
    await send.click();
    await expect(lp.getByText(RESULT_TEXTS.sentForReview)).toBeVisible();
    await expect(lp).toHaveURL(/\/dashboard$/);
    expect((await assignmentOf(seed, j))?.status).toBe('PENDING REVIEW');
    // START is locked while the assignment waits for its review
    await lp.goto('/dashboard?tab=COMPLETED');
    await assignmentRow(lp, j)
      .getByRole('button', { name: `${ASSIGNMENT_TEXTS.viewOrRetry} ${j.simTitle}` })
      .click();
    const lockedCard = lp.getByRole('dialog').getByRole('article', { name: LEVEL_CARD });
    await expect(lockedCard.getByRole('button', { name: `Locked ${LEVEL_CARD}` })).toBeDisabled();
    await lp.keyboard.press('Escape');

    // the supervisor opens it from Pending Review
    const supervisor = await signedInSession(browser, j.team.tokens.supervisor);
    sessions.push(supervisor);
    const sp = supervisor.page;
    await reviewFromPendingTab(sp, j);
    const transcript = sp.getByRole('region', { name: T.callTranscript });
    const line = transcript.getByRole('listitem').filter({ hasText: RECORDING.script });
    // the transcript: both keywords marked in the script, those said marked green, what was heard shown
    const marks = line.getByTestId('line-script').locator('mark');
    await expect(marks).toHaveCount(RECORDING.keywords.length);
    expect((await marks.allTextContents()).map((t) => t.toLowerCase()).sort()).toEqual([...RECORDING.keywords].sort());
    const said = await line.getByTestId('line-script').locator('mark[data-mark="matched"]').allTextContents();
    expect(said.map((t) => t.toLowerCase()).sort()).toEqual(first.correct.map((k) => k.toLowerCase()).sort());
    await expect(line.getByTestId('line-transcript')).toContainText(/\w/);
    await expect(line.getByRole('img', { name: /Waveform of/ })).toBeVisible();
    await expect(line.getByRole('list', { name: 'Recognised words' }).getByRole('button').first()).toBeVisible();
    // plays the learner's line
    await line.getByRole('button', { name: /^Play .*'s line$/ }).click();
    await expect(line.getByRole('button', { name: /^Pause .*'s line$/ })).toBeVisible();
    const audio = line.getByTestId('result-audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0 || a.ended)).toBe(true);

    // an assessor note
    await sp.getByRole('button', { name: RESULT_TEXTS.assessorNotes }).click();
    const notes = sp.getByRole('dialog', { name: RESULT_TEXTS.assessorNotes });
    await notes.getByRole('textbox', { name: RESULT_TEXTS.assessorNotes }).fill(NOTE);
    await notes.getByRole('button', { name: ASSIGNMENT_TEXTS.save }).click();
    await expect(sp.getByText(RESULT_TEXTS.notesSaved)).toBeVisible();
    const [graded] = await seed.db.select().from(attempts).where(eq(attempts.id, first.attemptId));
    expect(graded?.assessorNotes).toBe(NOTE);

    // NO PASS with a message
    await decide(sp, 'NO PASS', MESSAGE);
    expect(await assignmentOf(seed, j)).toMatchObject({ status: 'NO PASS', reviewComments: MESSAGE });

    // the learner: the red row, the notification, the track record
    await lp.goto('/dashboard?tab=COMPLETED');
    const failedRow = assignmentRow(lp, j);
    await expect(failedRow).toHaveAttribute('data-tone', 'failed');
    await expect(failedRow).toContainText('NO PASS');
    await lp.getByRole('button', { name: notificationsLabel(1) }).click();
    await expect(
      lp
        .getByRole('list', { name: 'Notifications' })
        .getByText(reviewNotification({ simTitle: j.simTitle, decision: 'NO PASS', comments: MESSAGE })),
    ).toBeVisible();
    await lp.keyboard.press('Escape');
    expect(await trackRecord(lp, j)).toEqual([[today(), 'NO PASS', MESSAGE]]);

    // Re-take from the result view leads back to the level, which may be started again
    await openResult(lp, j, () =>
      assignmentRow(lp, j)
        .getByRole('button', { name: `${ASSIGNMENT_TEXTS.viewOrRetry} ${j.simTitle}` })
        .click(),
    );
    await lp.getByRole('button', { name: RESULT_TEXTS.retake }).click();
    await expect(lp).toHaveURL(/\/dashboard/);
    const card = lp.getByRole('dialog', { name: new RegExp(j.simTitle) }).getByRole('article', { name: LEVEL_CARD });
    await expect(card.getByRole('button', { name: `${SIM_DETAIL_TEXTS.start} ${LEVEL_CARD}` })).toBeEnabled();
    await lp.keyboard.press('Escape');

    // the retake (through the API, as before), sent for review again
    const second = await takeLevelThroughApi(api, j);
    expect(second.attemptId).not.toBe(first.attemptId);
    const resend = await api.post('/api/v1/sims/assignment/add-status', {
      headers: authHeaders(j.team.tokens.agent),
      data: { _id: j.assignmentId, status: 'PENDING REVIEW', response_id: second.attemptId },
    });
    expect(resend.status(), await resend.text()).toBe(200);

    // the supervisor marks the retake PASS
    await reviewFromPendingTab(sp, j);
    await decide(sp, 'PASS', '');
    expect((await assignmentOf(seed, j))?.status).toBe('PASS');
    const reviews = await seed.db
      .select()
      .from(assignmentReviews)
      .where(eq(assignmentReviews.assignmentId, j.assignmentId))
      .orderBy(asc(assignmentReviews.reviewDate));
    expect(reviews.map((r) => r.passOrFail)).toEqual(['NO PASS', 'PASS']);

    // the learner's row is no longer red; the track record has both decisions, newest first
    await lp.goto('/dashboard?tab=COMPLETED');
    await expect(assignmentRow(lp, j)).toHaveAttribute('data-tone', 'normal');
    await expect(assignmentRow(lp, j)).toContainText('PASS');
    expect(await trackRecord(lp, j)).toEqual([
      [today(), 'PASS', '—'],
      [today(), 'NO PASS', MESSAGE],
    ]);
    for (const s of sessions) expect(s.errors, 'errors logged by the page').toEqual([]);
  } finally {
    for (const s of sessions) await s.close();
    await api.dispose();
  }
});
