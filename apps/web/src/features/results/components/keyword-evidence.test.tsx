import {
  EVIDENCE_TEXTS as E,
  RESULT_LABELS as L,
  TAKE_SIM_TEXTS as T,
  type TKeywordEvidence,
  type TResultLine,
  type TUserResultResponse,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resultKeys } from '../api/keys';
import {
  ASSIGNMENT_ID,
  CUSTOMER_LINE,
  characterLine,
  LEARNER_ID,
  LEVEL_ID,
  lineWithEvidence,
  makeResult,
  REVIEWER_ID,
  rowId,
  SIM_ID,
} from '../testing/fixtures';
import {
  fakeAudio,
  LEARNER,
  mockApi,
  ok,
  refusal,
  renderAt,
  resultPath,
  SUPERVISOR,
  signInAs,
} from '../testing/harness';
import { ResultPage } from './result-page';

const QUERY = { assignment_id: ASSIGNMENT_ID, user_id: LEARNER_ID, sim_id: SIM_ID, levelId: LEVEL_ID };
const LINE_ID = rowId(2001);
const OVERRIDE_PATH = '/api/v1/sims/result/keyword-override';
const REASON = 'Keyword search only; the learner said “information”.';

const withEvidence = (overrides: Partial<TUserResultResponse> = {}) =>
  makeResult({
    scripts: [characterLine(0, CUSTOMER_LINE), lineWithEvidence(1)],
    keyword_accuracy: 66.67,
    overall_percentage: 83.33,
    ...overrides,
  });

/** The same result after a reviewer overturned the credit of "confirmation" (the server's figures). */
function afterOverride(): TUserResultResponse {
  const line = lineWithEvidence(1);
  const evidence = line.evidence.map(
    (e): TKeywordEvidence =>
      e.keyword === 'confirmation'
        ? {
            ...e,
            credited: false,
            override: {
              keyword: 'confirmation',
              credited: false,
              reason: REASON,
              by: REVIEWER_ID,
              by_name: 'Sofia Supervisor',
              at: '2030-03-05T12:00:00.000Z',
            },
          }
        : e,
  );
  return makeResult({
    assignment_status: 'PENDING REVIEW',
    keyword_accuracy: 33.33,
    overall_percentage: 66.67,
    scripts: [
      characterLine(0, CUSTOMER_LINE),
      {
        ...line,
        evidence,
        keywords_matched: ['appointment'],
        missed_keywords: ['Thursday', 'confirmation'],
        grade_score: 33.33,
        passed: false,
      },
    ],
  });
}

/** The server's answer to the overturn: the line's and the attempt's figures recomputed. */
function overrideAnswer() {
  const after = afterOverride();
  const line = after.scripts[1] as TResultLine;
  return {
    message: 'Saved.',
    grade_score: line.grade_score,
    passed: line.passed,
    keywords_matched: line.keywords_matched,
    missed_keywords: line.missed_keywords,
    evidence: line.evidence,
    keyword_accuracy: after.keyword_accuracy,
    overall_percentage: after.overall_percentage,
  };
}

interface Setup {
  who: 'learner' | 'reviewer';
  reviewer: 'true' | 'false';
  /** the result's answers, one per ask (the last one repeats) */
  results: TUserResultResponse[];
  override?: () => Response;
}

function setup({ who, reviewer, results, override }: Setup) {
  const audio = fakeAudio();
  const session = signInAs(who === 'learner' ? LEARNER : SUPERVISOR, who);
  let asked = 0;
  const api = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/result') {
      const answer = results[Math.min(asked, results.length - 1)] as TUserResultResponse;
      asked += 1;
      return ok({ ...answer });
    }
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok({ allAudioProcessed: true, allLevelsCompleted: true, send_for_review: true });
    if (call.path === OVERRIDE_PATH) return override?.() ?? ok(overrideAnswer());
    return undefined;
  });
  const view = renderAt(<ResultPage />, resultPath({ ...QUERY, reviewer }));
  return { ...view, ...api, audio };
}

async function learnerLine() {
  const transcript = await screen.findByRole('region', { name: T.callTranscript });
  return within(transcript).getAllByTestId('transcript-line')[1] as HTMLElement;
}

const evidenceItem = (line: HTMLElement, keyword: string) =>
  within(within(line).getByRole('region', { name: /^Keyword evidence of / })).getByRole('listitem', { name: keyword });

describe('the evidence of a learner’s line', () => {
  it('marks each keyword on the transcript and the waveform, and lists its evidence', { timeout: 40_000 }, async () => {
    setup({ who: 'learner', reviewer: 'false', results: [withEvidence()] });
    const line = await learnerLine();
    // the transcript: the keyword said, what was heard in the place of a credited one (green) and of a missed one (red)
    const said = within(line).getByTestId('line-transcript');
    expect([...said.querySelectorAll('mark')].map((m) => `${m.dataset.mark}:${m.textContent}`)).toEqual([
      'matched:appointment',
      'missed:friday',
      'matched:information',
    ]);
    // the script as before: credited green, missed red
    const script = within(line).getByTestId('line-script');
    expect([...script.querySelectorAll('mark')].map((m) => `${m.dataset.mark}:${m.textContent}`)).toEqual([
      'matched:appointment',
      'missed:Thursday',
      'matched:confirmation',
    ]);
    // the waveform: one mark per keyword at its span, a button
    const marks = within(line).getByRole('list', { name: E.marks });
    expect(
      within(marks)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play “appointment” (0.6–0.9 s)', 'Play “Thursday” (1.8–2.1 s)', 'Play “confirmation” (3.4–3.7 s)']);
    expect(within(marks).getByRole('button', { name: 'Play “Thursday” (1.8–2.1 s)' }).dataset.credited).toBe('false');

    // the list: credited or not, which recognisers, how sure, where; what was heard when not the keyword
    const appointment = evidenceItem(line, 'appointment');
    expect(within(appointment).getByText(E.credited)).toBeTruthy();
    expect(within(appointment).getByTestId('evidence-facts').textContent).toBe(
      'Heard by: In the transcript, Neural recogniser (keyword-boosted) · Confidence 95% · At 0.6–0.9 s',
    );
    expect(within(appointment).queryByTestId('evidence-note')).toBeNull();
    const thursday = evidenceItem(line, 'Thursday');
    expect(within(thursday).getByText(E.missed)).toBeTruthy();
    expect(within(thursday).getByTestId('evidence-facts').textContent).toBe(
      'Not heard by any recogniser · Expected at 1.8–2.1 s',
    );
    expect(within(thursday).getByTestId('evidence-note').textContent).toBe('expected Thursday, heard friday');
    const confirmation = evidenceItem(line, 'confirmation');
    expect(within(confirmation).getByTestId('evidence-facts').textContent).toBe(
      'Heard by: Keyword search · Confidence 71% · At 3.4–3.7 s',
    );
    expect(within(confirmation).getByTestId('evidence-note').textContent).toBe('heard as “information” (3.4–3.7 s)');
    // the learner changes nothing
    expect(within(line).queryByRole('button', { name: E.overturn('confirmation') })).toBeNull();
    expect(within(line).queryByRole('button', { name: E.grant('Thursday') })).toBeNull();
  });

  it('a keyword’s mark plays just its span of the line’s recording', async () => {
    const user = userEvent.setup();
    const { audio } = setup({ who: 'learner', reviewer: 'false', results: [withEvidence()] });
    const line = await learnerLine();
    const element = line.querySelector('audio') as HTMLAudioElement;
    element.dispatchEvent(new Event('loadedmetadata'));
    await user.click(within(line).getByRole('button', { name: 'Play “confirmation” (3.4–3.7 s)' }));
    await waitFor(() => expect(audio.played).toEqual([element.getAttribute('src')]));
    expect(element.currentTime).toBeCloseTo(3.4);
    // it stops at the span's end
    element.currentTime = 3.75;
    await waitFor(() => expect(element.paused).toBe(true));
    expect(element.currentTime).toBeCloseTo(3.75);
  });

  it('a keyword without a place in the recording, credited on the recognisers’ evidence, says so', async () => {
    const line = lineWithEvidence(1);
    setup({
      who: 'learner',
      reviewer: 'false',
      results: [
        withEvidence({
          scripts: [
            {
              ...line,
              evidence: [
                {
                  ...(line.evidence[2] as TKeywordEvidence),
                  heard: null,
                  start: null,
                  end: null,
                  confidence: null,
                  sources: ['biased-decode'],
                },
              ],
            },
          ],
        }),
      ],
    });
    const transcript = await screen.findByRole('region', { name: T.callTranscript });
    const [only] = within(transcript).getAllByTestId('transcript-line');
    const item = evidenceItem(only as HTMLElement, 'confirmation');
    expect(within(item).getByTestId('evidence-facts').textContent).toBe(`Heard by: Script-biased decode · ${E.noTime}`);
    expect(within(item).getByTestId('evidence-note').textContent).toBe(E.notInTranscript);
    expect(within(only as HTMLElement).queryByRole('list', { name: E.marks })).toBeNull();
  });

  // a long journey through the dialog: more time than the default on a busy machine
  it('a reviewer overturns a credit with a reason; the result is asked again and the figures change', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    const pending = withEvidence({ assignment_status: 'PENDING REVIEW' });
    const { to, queryClient } = setup({ who: 'reviewer', reviewer: 'true', results: [pending, afterOverride()] });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const line = await learnerLine();
    const figures = screen.getByRole('region', { name: L.resultOfUser('Alex Agent') });
    expect(within(figures).getByLabelText(T.figures.keyword).textContent).toBe('66.67%');
    expect(within(line).getByText(`${T.confidence}: 66.67%`)).toBeTruthy();

    await user.click(
      await within(evidenceItem(line, 'confirmation')).findByRole('button', { name: E.overturn('confirmation') }),
    );
    const dialog = await screen.findByRole('dialog', { name: E.overturnTitle('confirmation') });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(E.overturnEffect('confirmation'))).toBeTruthy();
    // the reason is required
    await user.click(within(dialog).getByRole('button', { name: E.confirmOverturn }));
    expect(await within(dialog).findByText(E.reasonTooShort(3))).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: E.reason }), '  ok ');
    await user.click(within(dialog).getByRole('button', { name: E.confirmOverturn }));
    expect(await within(dialog).findByText(E.reasonTooShort(3))).toBeTruthy();
    expect(to(OVERRIDE_PATH)).toHaveLength(0);

    const reason = within(dialog).getByRole('textbox', { name: E.reason });
    await user.clear(reason);
    await user.paste(REASON);
    await user.click(within(dialog).getByRole('button', { name: E.confirmOverturn }));
    await waitFor(() => expect(to(OVERRIDE_PATH)).toHaveLength(1));
    expect(to(OVERRIDE_PATH)[0]).toMatchObject({
      method: 'POST',
      body: { line_id: LINE_ID, keyword: 'confirmation', credited: false, reason: REASON },
    });
    // the dialog closes, the server's message shows, the result is asked again (only the result queries)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: E.overturnTitle('confirmation') })).toBeNull());
    expect(await screen.findByText('Saved.')).toBeTruthy();
    await waitFor(() => expect(to('/api/v1/sims/result')).toHaveLength(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey ?? 'every query')).toEqual([
      resultKeys.results(),
    ]);
    await waitFor(() => expect(within(figures).getByLabelText(T.figures.keyword).textContent).toBe('33.33%'));
    const changed = await learnerLine();
    expect(within(changed).getByText(`${T.confidence}: 33.33%`)).toBeTruthy();
    const item = evidenceItem(changed, 'confirmation');
    expect(within(item).getByText(E.missed)).toBeTruthy();
    expect(within(item).getByTestId('evidence-note').textContent).toBe(
      'heard “information” (3.4–3.7 s), not counted by a reviewer’s decision',
    );
    expect(within(item).getByTestId('evidence-override').textContent).toBe(
      `${E.decision(false, 'Sofia Supervisor', '03-05-2030')}${E.reasonOf(REASON)}${E.autoWas(true)}`,
    );
    // the button now grants it back
    expect(within(item).getByRole('button', { name: E.grant('confirmation') })).toBeTruthy();
    expect(within(changed).getByRole('list', { name: T.missedKeywords }).textContent).toBe('Thursdayconfirmation');
  });

  it('a reviewer grants a missed keyword; the server’s refusal shows in the dialog', async () => {
    const user = userEvent.setup();
    const { to } = setup({
      who: 'reviewer',
      reviewer: 'true',
      results: [withEvidence({ assignment_status: 'PENDING REVIEW' })],
      override: () => refusal(409, 'The assignment is not pending review.', 'CONFLICT'),
    });
    const line = await learnerLine();
    await user.click(await within(evidenceItem(line, 'Thursday')).findByRole('button', { name: E.grant('Thursday') }));
    const dialog = await screen.findByRole('dialog', { name: E.grantTitle('Thursday') });
    expect(within(dialog).getByText(E.grantEffect('Thursday'))).toBeTruthy();
    await user.click(within(dialog).getByRole('textbox', { name: E.reason }));
    await user.paste('The learner said Thursday clearly.');
    await user.click(within(dialog).getByRole('button', { name: E.confirmGrant }));
    expect(await within(dialog).findByText('The assignment is not pending review.')).toBeTruthy();
    expect(to(OVERRIDE_PATH)[0]?.body).toMatchObject({ keyword: 'Thursday', credited: true });
    expect(to('/api/v1/sims/result')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: E.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the learner sees the reviewer’s decision and the changed figures, read-only', async () => {
    setup({ who: 'learner', reviewer: 'false', results: [afterOverride()] });
    const line = await learnerLine();
    const figures = screen.getByRole('region', { name: T.resultTitle });
    expect(within(figures).getByLabelText(T.figures.keyword).textContent).toBe('33.33%');
    expect(within(line).getByText(`${T.confidence}: 33.33%`)).toBeTruthy();
    const item = evidenceItem(line, 'confirmation');
    expect(within(item).getByTestId('evidence-override').textContent).toContain(
      E.decision(false, 'Sofia Supervisor', '03-05-2030'),
    );
    expect(within(item).getByText(E.reasonOf(REASON))).toBeTruthy();
    expect(within(line).queryAllByRole('button', { name: /^(Overturn|Grant) / })).toEqual([]);
  });
});
