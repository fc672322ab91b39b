import {
  RESULT_LABELS as L,
  RESULT_TEXTS,
  SCORECARD_TEXTS as S,
  SEND_FOR_REVIEW_TEXTS,
  TAKE_SIM_TEXTS as T,
  type TPassCriterionCheck,
  type TReviewEntry,
  type TUserResultResponse,
} from '@sim/shared';
import { QueryObserver } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ASSIGNMENT_ID,
  agentLine,
  CUSTOMER_LINE,
  characterLine,
  LEARNER_ID,
  LEVEL_ID,
  makeResult,
  rowId,
  SIM_ID,
} from '../testing/fixtures';
import { fakeAudio, LEARNER, mockApi, ok, renderAt, resultPath, SUPERVISOR, signInAs } from '../testing/harness';
import { ResultPage } from './result-page';

/**
 * Issue 31: the result as a scorecard (PASS / NOT PASSED against the level's criteria, the thresholds, the
 * reviewer's decision and message), a send for review that leaves the page whole, why it is unavailable in
 * words, and the reviewer's small snags (the learner's name, View Other Level Result).
 */

const QUERY = { assignment_id: ASSIGNMENT_ID, user_id: LEARNER_ID, sim_id: SIM_ID, levelId: LEVEL_ID };
const OTHER_LEVEL_ID = rowId(501);

interface Setup {
  who?: 'learner' | 'reviewer';
  result?: TUserResultResponse;
  decisions?: TReviewEntry[];
  workSinceDecision?: boolean;
}

function setup({ who = 'learner', result = makeResult(), decisions = [], workSinceDecision = true }: Setup = {}) {
  fakeAudio();
  const session = signInAs(who === 'learner' ? LEARNER : SUPERVISOR, who);
  let status = result.assignment_status;
  const api = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/result') return ok({ ...result, assignment_status: status });
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok({
        allAudioProcessed: true,
        allLevelsCompleted: true,
        send_for_review: true,
        work_since_decision: workSinceDecision,
      });
    if (call.path === `/api/v1/sims/assignment/track-record/${ASSIGNMENT_ID}`)
      return ok({ data: [{ _id: ASSIGNMENT_ID, status, reviewed_status: decisions }] });
    if (call.path === '/api/v1/sims/stats')
      return ok({
        assignment_status: status,
        stats: [
          levelStats(LEVEL_ID, 'Try w/ scripts', 2, true),
          levelStats(OTHER_LEVEL_ID, 'Try w/ keywords', 3, true),
          levelStats(rowId(502), 'Try w/o help', 4, false),
        ],
      });
    if (call.path === '/api/v1/sims/assignment/add-status') {
      const body = call.body as { status: typeof status };
      status = body.status;
      return ok({
        message: RESULT_TEXTS.sentForReview,
        _id: ASSIGNMENT_ID,
        status,
        review_comments: '',
        send_for_review_date: '2030-03-05T10:00:00.000Z',
        date_of_review: null,
        reviewer: null,
      });
    }
    return undefined;
  });
  const view = renderAt(<ResultPage />, resultPath({ ...QUERY, reviewer: who === 'reviewer' ? 'true' : 'false' }));
  return { ...view, ...api };
}

function levelStats(id: string, name: string, order: number, done: boolean) {
  return {
    level_id: id,
    level_name: name,
    level_order: order,
    total_attempts: done ? 1 : 0,
    completed_attempts: done ? 1 : 0,
    pass_fail_details: done
      ? {
          user_response_id: rowId(700 + order),
          keyword_accuracy: 50,
          overall_percentage: 50,
          passed: null,
          completed_on: '2030-03-04T10:00:00.000Z',
        }
      : null,
    screenRecording: false,
    screen_recordings: 0,
    unfinished: null,
    total_scripts: 2,
  };
}

const check = (over: Partial<TPassCriterionCheck>): TPassCriterionCheck => ({
  criterion: 'keyword_accuracy',
  threshold: 70,
  figure: 50,
  status: 'not_met',
  ...over,
});

/** A result of the level carrying the sim's criteria: keyword accuracy 50 against 70, overall 75 against 60. */
const criteriaResult = (passed: boolean, over: Partial<TUserResultResponse> = {}) =>
  makeResult({
    pass_fail_details: {
      sim_level_id: LEVEL_ID,
      passed,
      criteria: [
        check(passed ? { threshold: 50, status: 'met' } : {}),
        check({ criterion: 'typing_accuracy', threshold: null, figure: 100, status: 'unset' }),
        check({ criterion: 'data_selection_accuracy', threshold: 80, figure: null, status: 'disabled' }),
        check({ criterion: 'overall_accuracy', threshold: 60, figure: 75, status: 'met' }),
      ],
    },
    ...over,
  });

const scorecard = () => screen.findByRole('region', { name: S.title });

describe('the scorecard', () => {
  it('says NOT PASSED against the level’s criteria, with each threshold met or not', async () => {
    setup({ result: criteriaResult(false) });
    const card = await scorecard();
    expect(within(card).getByTestId('level-verdict').textContent).toBe(S.notPassed);
    const criteria = within(card).getByRole('list', { name: S.criteria });
    const items = within(criteria).getAllByRole('listitem');
    // disabled and unset thresholds are not listed
    expect(items.map((i) => i.textContent)).toEqual([
      `${S.criterion(T.figures.keyword, '50%', 70)} ${S.criterionStatus.not_met}`,
      `${S.criterion(T.figures.overall, '75%', 60)} ${S.criterionStatus.met}`,
    ]);
  });

  it('says PASS when every threshold is met', async () => {
    setup({ result: criteriaResult(true) });
    expect(within(await scorecard()).getByTestId('level-verdict').textContent).toBe(S.passed);
  });

  it('says so when the level carries no criteria, and waits for the grading before any verdict', async () => {
    setup({ result: makeResult({ all_completed: false }) });
    const card = await scorecard();
    expect(within(card).getByText(S.noCriteria)).toBeTruthy();
    expect(within(card).queryByTestId('level-verdict')).toBeNull();
  });

  it('shows the reviewer’s decision, its date, the reviewer and the message', async () => {
    setup({
      result: criteriaResult(false, { assignment_status: 'NO PASS', send_for_review: true }),
      decisions: [
        {
          review_date: '2030-03-04T12:00:00.000Z',
          pass_or_fail: 'NO PASS',
          review_comments: 'Say the day of the appointment.',
          reviewed_by: 'Sofia Supervisor',
          reviewed_by_id: rowId(2),
        },
      ],
      workSinceDecision: false,
    });
    const card = await scorecard();
    const review = within(card).getByRole('group', { name: S.reviewerDecision });
    await waitFor(() => expect(within(review).getByTestId('review-decision').textContent).toBe('NO PASS'));
    expect(within(review).getByText(S.decidedOn('03-04-2030', 'Sofia Supervisor'))).toBeTruthy();
    expect(within(review).getByText('Say the day of the appointment.')).toBeTruthy();
  });

  it('shows the status before any review', async () => {
    setup();
    const card = await scorecard();
    expect(within(card).getByText(S.notSent)).toBeTruthy();
  });
});

describe('Send for review (issue 31, defect 1)', () => {
  it('sends, confirms, shows the new status, and asks again only what the send changed', async () => {
    const user = userEvent.setup();
    const { queryClient, to } = setup();
    // the take-sim screen's start of an attempt, still mounted under the post-attempt result view
    const start = vi.fn(async () => 'attempt');
    const observer = new QueryObserver(queryClient, {
      queryKey: ['take-sim', 'attempt', LEVEL_ID, ASSIGNMENT_ID, 'k'],
      queryFn: start,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    const send = await screen.findByRole('button', { name: RESULT_TEXTS.sendForReview });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await user.click(send);
    await waitFor(() => expect(to('/api/v1/sims/assignment/add-status')).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toContain(RESULT_TEXTS.sentForReview);
    const card = await scorecard();
    await waitFor(() => expect(within(card).getByTestId('assignment-status').textContent).toBe('PENDING REVIEW'));
    // the result is still shown, the level's start was not asked again
    expect(screen.getByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    await waitFor(() => expect(to('/api/v1/sims/result').length).toBeGreaterThanOrEqual(2));
    expect(start).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('says in words why it is unavailable after a decision without a newer attempt', async () => {
    setup({ result: makeResult({ assignment_status: 'NO PASS' }), workSinceDecision: false });
    const send = (await screen.findByRole('button', { name: RESULT_TEXTS.sendForReview })) as HTMLButtonElement;
    await waitFor(() =>
      expect(screen.getByTestId('send-unavailable').textContent).toContain(SEND_FOR_REVIEW_TEXTS.alreadyReviewed),
    );
    expect(send.disabled).toBe(true);
    expect(send.getAttribute('aria-describedby')).toBe(screen.getByTestId('send-unavailable').id);
  });

  it('says why while the audio is processed', async () => {
    setup({ result: makeResult({ assignment_status: 'PENDING REVIEW' }) });
    await waitFor(() =>
      expect(screen.getByTestId('send-unavailable').textContent).toContain(SEND_FOR_REVIEW_TEXTS.alreadyUnderReview),
    );
  });
});

describe('the call transcript’s lines (issue 31)', () => {
  it('keeps the spec’s "Confidence" of a line and says beside it what it measures and whether the line passed', async () => {
    setup();
    const line = (await screen.findAllByTestId('transcript-line'))[1] as HTMLElement;
    const grade = within(line).getByText(`${T.confidence}: 50.00%`);
    const caption = within(line).getByTestId('line-score-caption');
    expect(caption.textContent).toBe(S.lineScoreCaption(false));
    expect(grade.closest('[aria-describedby]')?.getAttribute('aria-describedby')).toBe(caption.id);
  });

  it('calls the learner by name for a reviewer, "You" stays for the learner', async () => {
    const you = { _id: 'ch-a', type: 'agent', masked_type: 'agent', name: 'You' };
    const scripts = [characterLine(0, CUSTOMER_LINE), agentLine(1, { character: you })];
    setup({ who: 'reviewer', result: makeResult({ scripts, assignment_status: 'PENDING REVIEW' }) });
    expect(await screen.findByRole('button', { name: L.playLine('Alex Agent') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: L.playLine('You') })).toBeNull();
  });
});

describe('View Other Level Result (issue 31)', () => {
  it('keeps the reviewer in the result view of the level chosen', async () => {
    const user = userEvent.setup();
    const { router } = setup({ who: 'reviewer', result: makeResult({ assignment_status: 'PENDING REVIEW' }) });
    await user.click(await screen.findByRole('button', { name: RESULT_TEXTS.viewOtherLevel }));
    const menu = await screen.findByRole('menu', { name: S.otherLevels });
    const none = within(menu).getByRole('menuitem', { name: /Try w\/o help/ });
    expect(none.getAttribute('aria-disabled')).toBe('true');
    await user.click(within(menu).getByRole('menuitem', { name: /Try w\/ keywords/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sims/takesim'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      viewResult: 'true',
      assignment_id: ASSIGNMENT_ID,
      user_id: LEARNER_ID,
      sim_id: SIM_ID,
      reviewer: 'true',
      levelId: OTHER_LEVEL_ID,
    });
    expect(screen.queryByTestId('dashboard')).toBeNull();
  });
});
