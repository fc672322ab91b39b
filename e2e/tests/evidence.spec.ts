import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  EVIDENCE_TEXTS as E,
  EVIDENCE_MESSAGES,
  evidenceNote,
  figureText,
  gradeText,
  keywordText,
  RESULT_LABELS as L,
  TAKE_SIM_TEXTS as T,
  type TKeywordEvidence,
  type TResultLine,
  type TUserResultResponse,
} from '@sim/shared';
import { axeFindings, loaded } from './a11y-support';
import { LEVEL_NAME, prepareReview, RECORDING, type ReviewJourney, takeLevelThroughApi } from './review-seed';
import { authHeaders, expect, type Session, signedInSession, test } from './support';

/**
 * Issue 30, items 3 and 5: a learner's completed attempt (a real recording, graded by the real engines) is
 * opened by a reviewer, who reads each keyword's evidence, plays one keyword's span of the recording and
 * overturns a credit with a reason; the learner then sees the changed figures and the reviewer's decision.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const REASON = 'The keyword was not clearly said; heard only by the biased recogniser.';

/** Today as the result view writes a date: MM-DD-YYYY (the browser runs on this machine's clock and zone). */
function today() {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}-${d.getFullYear()}`;
}

/** The result view of the learner's level, as the dashboard's View Results opens it. */
function resultUrl(j: ReviewJourney, reviewer: boolean) {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: j.assignmentId,
    user_id: j.team.users.agent.id,
    sim_id: j.simId,
    reviewer: String(reviewer),
    levelId: j.levelId,
  });
  return `/sims/takesim?${query.toString()}`;
}

/** The result as the server answers it to `token` (the learner's line with its evidence). */
async function resultOf(api: APIRequestContext, j: ReviewJourney, token: string) {
  const response = await api.post(`/api/v1/sims/result?user_id=${j.team.users.agent.id}`, {
    headers: authHeaders(token),
    data: { assignment_id: j.assignmentId, sim_id: j.simId, levelId: j.levelId },
  });
  expect(response.status(), await response.text()).toBe(200);
  const result = (await response.json()) as TUserResultResponse;
  const line = result.scripts.find((s) => s.is_agent && s.script === RECORDING.script) as TResultLine;
  expect(line, 'the learner’s line').toBeTruthy();
  return { result, line };
}

async function openResult(page: Page, j: ReviewJourney, reviewer: boolean) {
  await page.goto(resultUrl(j, reviewer));
  await expect(page.getByRole('heading', { name: T.resultOf(LEVEL_NAME) })).toBeVisible();
  const line = page
    .getByRole('region', { name: T.callTranscript })
    .getByTestId('transcript-line')
    .filter({ hasText: RECORDING.script });
  await expect(line).toHaveCount(1);
  return line;
}

const evidenceItem = (line: Locator, keyword: string) =>
  line.getByRole('region', { name: /^Keyword evidence of / }).getByRole('listitem', { name: keywordText(keyword) });

/** The figures and the line's grade as the page shows them, and as the server's answer says they should read. */
async function expectFigures(
  page: Page,
  line: Locator,
  region: string,
  result: TUserResultResponse,
  lineScore: number,
) {
  const figures = page.getByRole('region', { name: region });
  await expect(figures.getByLabel(T.figures.keyword)).toHaveText(figureText(result.keyword_accuracy));
  await expect(line.getByText(`${T.confidence}: ${gradeText(lineScore)}`)).toBeVisible();
}

/** Each keyword of the line: its entry in the list says what the server's evidence says. */
async function expectEvidence(line: Locator, evidence: readonly TKeywordEvidence[]) {
  expect(evidence.map((e) => e.keyword).sort()).toEqual([...RECORDING.keywords].sort());
  for (const entry of evidence) {
    const item = evidenceItem(line, entry.keyword);
    await expect(item).toBeVisible();
    await expect(item).toContainText(entry.credited ? E.credited : E.missed);
    const facts = item.getByTestId('evidence-facts');
    if (entry.sources.length > 0)
      await expect(facts).toContainText(`${E.heardBy}: ${entry.sources.map((s) => E.sources[s]).join(', ')}`);
    else await expect(facts).toContainText(E.notHeard);
    if (entry.confidence !== null) await expect(facts).toContainText(E.confidence(entry.confidence));
    if (entry.start !== null && entry.end !== null) await expect(facts).toContainText(E.span(entry.start, entry.end));
    // the transcript and the grade never silently disagree: a credit the transcript does not hold says so
    const note = evidenceNote(entry);
    if (note) await expect(item.getByTestId('evidence-note')).toHaveText(note);
    else await expect(item.getByTestId('evidence-note')).toHaveCount(0);
  }
}

test('a reviewer reads the evidence, plays a keyword and overturns a credit; the learner sees the change', async ({
  seed,
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL });
  const j = await prepareReview(seed);
  const sessions: Session[] = [];
  try {
    // the learner's attempt, recorded and graded through the API, then sent for review
    const taken = await takeLevelThroughApi(api, j);
    const sent = await api.post('/api/v1/sims/assignment/add-status', {
      headers: authHeaders(j.team.tokens.agent),
      data: { _id: j.assignmentId, status: 'PENDING REVIEW', response_id: taken.attemptId },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const before = await resultOf(api, j, j.team.tokens.supervisor);
    const credited = before.line.evidence.filter((e) => e.credited && e.start !== null && e.end !== null);
    expect(credited.length, 'a keyword credited with its place in the recording').toBeGreaterThan(0);
    const target = credited[0] as TKeywordEvidence & { start: number; end: number };

    // the reviewer opens the result: each keyword's evidence, marked on the waveform
    const supervisor = await signedInSession(browser, j.team.tokens.supervisor);
    sessions.push(supervisor);
    const sp = supervisor.page;
    const line = await openResult(sp, j, true);
    const reviewerFigures = L.resultOfUser(before.result.user.name);
    await expectFigures(sp, line, reviewerFigures, before.result, before.line.grade_score);
    await expectEvidence(line, before.line.evidence);
    const marks = line.getByRole('list', { name: E.marks });
    for (const entry of before.line.evidence)
      if (entry.start !== null && entry.end !== null)
        await expect(
          marks.getByRole('button', { name: E.playSpan(entry.keyword, entry.start, entry.end) }),
        ).toBeVisible();

    // no serious or critical axe-core violation on the result view with its evidence
    await loaded(sp);
    expect(await axeFindings(sp), 'axe-core on the reviewer’s result view').toEqual([]);

    // a keyword's mark plays just its span: playback starts at the span and stops at its end
    const audio = line.getByTestId('result-audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
    await audio.evaluate((a: HTMLAudioElement) => {
      const seen: number[] = [];
      (window as unknown as { spanTimes: number[] }).spanTimes = seen;
      const note = () => {
        if (!a.paused) seen.push(a.currentTime);
      };
      a.addEventListener('playing', note);
      a.addEventListener('timeupdate', note);
    });
    const positions = () => sp.evaluate(() => (window as unknown as { spanTimes: number[] }).spanTimes);
    const mark = marks.getByRole('button', { name: E.playSpan(target.keyword, target.start, target.end) });
    await mark.focus();
    await sp.keyboard.press('Enter');
    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement, end) => a.paused && a.currentTime >= end - 0.05, target.end), {
        timeout: 15_000,
      })
      .toBe(true);
    // every position heard while playing lies in the span (the first at its start, not at 0), and it stopped there
    for (const t of await positions()) {
      expect(t).toBeGreaterThanOrEqual(target.start - 0.05);
      expect(t).toBeLessThanOrEqual(target.end + 0.35);
    }
    expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThanOrEqual(target.end + 0.35);

    // the reviewer overturns the credit, with a reason
    const item = evidenceItem(line, target.keyword);
    await item.getByRole('button', { name: E.overturn(target.keyword) }).click();
    const dialog = sp.getByRole('dialog', { name: E.overturnTitle(target.keyword) });
    await expect(dialog).toContainText(E.overturnEffect(target.keyword));
    expect(await axeFindings(sp, '[role="dialog"]'), 'axe-core on the override dialog').toEqual([]);
    await dialog.getByRole('button', { name: E.confirmOverturn }).click();
    await expect(dialog.getByText(E.reasonTooShort(3))).toBeVisible();
    await dialog.getByRole('textbox', { name: E.reason }).fill(REASON);
    await dialog.getByRole('button', { name: E.confirmOverturn }).click();
    await expect(dialog).toBeHidden();
    await expect(sp.getByText(EVIDENCE_MESSAGES.saved)).toBeVisible();

    // the server recomputed the figures; the page shows them and the decision
    const after = await resultOf(api, j, j.team.tokens.supervisor);
    const changed = after.line.evidence.find((e) => e.keyword === target.keyword);
    expect(changed).toMatchObject({
      credited: false,
      auto_credited: true,
      override: { credited: false, reason: REASON },
    });
    expect(after.line.grade_score).toBeLessThan(before.line.grade_score);
    expect(after.result.keyword_accuracy ?? 0).toBeLessThan(before.result.keyword_accuracy ?? 0);
    await expectFigures(sp, line, reviewerFigures, after.result, after.line.grade_score);
    const decision = E.decision(false, changed?.override?.by_name ?? '', today());
    await expect(item).toContainText(E.missed);
    await expect(item.getByTestId('evidence-override')).toContainText(decision);
    await expect(item.getByTestId('evidence-override')).toContainText(E.reasonOf(REASON));
    await expect(item.getByRole('button', { name: E.grant(target.keyword) })).toBeVisible();
    // the waveform's mark turns red; where the transcript holds the keyword, it is marked missed there
    await expect(
      marks.getByRole('button', { name: E.playSpan(target.keyword, target.start, target.end) }),
    ).toHaveAttribute('data-credited', 'false');
    if (after.line.transcribed_text.toLowerCase().includes(target.phrase))
      await expect(line.getByTestId('line-transcript').locator('mark[data-mark="missed"]')).toContainText(
        new RegExp(target.phrase, 'i'),
      );

    // the learner opens the result: the changed figures and the reviewer's decision, read-only
    const learner = await signedInSession(browser, j.team.tokens.agent);
    sessions.push(learner);
    const lp = learner.page;
    const own = await openResult(lp, j, false);
    await expectFigures(lp, own, T.resultTitle, after.result, after.line.grade_score);
    await expectEvidence(own, after.line.evidence);
    const mine = evidenceItem(own, target.keyword);
    await expect(mine.getByTestId('evidence-override')).toContainText(decision);
    await expect(mine.getByTestId('evidence-override')).toContainText(E.reasonOf(REASON));
    await expect(own.getByRole('button', { name: /^(Overturn|Grant) / })).toHaveCount(0);
    // and the server refuses the learner's own change whatever the page shows
    const refused = await api.post('/api/v1/sims/result/keyword-override', {
      headers: authHeaders(j.team.tokens.agent),
      data: { line_id: after.line.id, keyword: target.keyword, credited: true, reason: 'I did say it.' },
    });
    expect(refused.status()).toBe(403);

    for (const s of sessions) expect(s.errors, 'errors logged by the page').toEqual([]);
  } finally {
    for (const s of sessions) await s.close();
    await api.dispose();
  }
});
