import { RESULT_TEXTS, REVIEW_MESSAGES, SEND_FOR_REVIEW_TEXTS, type TUserResultResponse } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../testing/fake-timers';
import { ASSIGNMENT_ID, ATTEMPT_ID, LEARNER_ID, LEVEL_ID, makeResult, SIM_ID } from '../testing/fixtures';
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

interface Setup {
  who: 'learner' | 'reviewer';
  keys: readonly string[];
  reviewer: 'true' | 'false';
  result?: TUserResultResponse;
  audio?: () => { allAudioProcessed: boolean; allLevelsCompleted: boolean; send_for_review: boolean };
  addStatus?: () => Response;
}

function setup({ who, keys, reviewer, result = makeResult(), audio, addStatus }: Setup) {
  fakeAudio();
  const session = signInAs(keys, who);
  const api = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/result') return ok({ ...result });
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok(audio?.() ?? { allAudioProcessed: true, allLevelsCompleted: true, send_for_review: true });
    if (call.path === '/api/v1/sims/assignment/add-status') {
      if (addStatus) return addStatus();
      const body = call.body as { status: string; review_comments: string };
      return ok({
        message: '',
        _id: ASSIGNMENT_ID,
        status: body.status,
        review_comments: body.review_comments,
        send_for_review_date: null,
        date_of_review: null,
        reviewer: null,
      });
    }
    return undefined;
  });
  const view = renderAt(<ResultPage />, resultPath({ ...QUERY, reviewer }));
  return { ...view, ...api };
}

const sendButton = () => screen.findByRole('button', { name: RESULT_TEXTS.sendForReview });

describe('Send for review', () => {
  it('waits for the audio (polled every 6 s), then sends, says so for 3 s and goes to the dashboard', async () => {
    const { user, advance } = fakeClock();
    let polls = 0;
    const { to } = setup({
      who: 'learner',
      keys: LEARNER,
      reviewer: 'false',
      audio: () => {
        polls += 1;
        return { allAudioProcessed: polls > 1, allLevelsCompleted: true, send_for_review: polls > 1 };
      },
    });
    const send = (await sendButton()) as HTMLButtonElement;
    await waitFor(() => expect(to('/api/v1/sims/agent/audio/status')).toHaveLength(1));
    expect(Object.fromEntries(to('/api/v1/sims/agent/audio/status')[0]?.query ?? [])).toEqual({
      simId: SIM_ID,
      assignmentId: ASSIGNMENT_ID,
    });
    expect(send.disabled).toBe(true);
    await user.hover(send.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip', { name: SEND_FOR_REVIEW_TEXTS.audioNotProcessed })).toBeTruthy();
    await advance(6000);
    await waitFor(() => expect(send.disabled).toBe(false));
    await advance(12000);
    expect(to('/api/v1/sims/agent/audio/status')).toHaveLength(2);

    await user.click(send);
    await waitFor(() => expect(to('/api/v1/sims/assignment/add-status')).toHaveLength(1));
    expect(to('/api/v1/sims/assignment/add-status')[0]?.body).toEqual({
      _id: ASSIGNMENT_ID,
      status: 'PENDING REVIEW',
      response_id: ATTEMPT_ID,
      review_comments: '',
    });
    expect(await screen.findByText(RESULT_TEXTS.sentForReview)).toBeTruthy();
    await advance(3000 - BEFORE_DUE_MS);
    expect(screen.queryByTestId('dashboard')).toBeNull();
    await advance(BEFORE_DUE_MS);
    expect((await screen.findByTestId('dashboard')).textContent).toMatch(/^\/dashboard\|/);
  });

  it.each([
    ['PENDING REVIEW', true, SEND_FOR_REVIEW_TEXTS.alreadyUnderReview],
    ['IN PROGRESS', false, SEND_FOR_REVIEW_TEXTS.levelsNotCompleted],
  ] as const)('is disabled while %s with its tooltip', async (status, levels, tooltip) => {
    const user = userEvent.setup();
    setup({
      who: 'learner',
      keys: LEARNER,
      reviewer: 'false',
      result: makeResult({ assignment_status: status, send_for_review: false }),
      audio: () => ({ allAudioProcessed: true, allLevelsCompleted: levels, send_for_review: false }),
    });
    const send = (await sendButton()) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(true));
    await user.hover(send.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip', { name: tooltip })).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    setup({
      who: 'learner',
      keys: LEARNER,
      reviewer: 'false',
      addStatus: () => refusal(409, SEND_FOR_REVIEW_TEXTS.audioNotProcessed),
    });
    const send = (await sendButton()) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);
    expect(await screen.findByText(SEND_FOR_REVIEW_TEXTS.audioNotProcessed)).toBeTruthy();
    expect(screen.queryByTestId('dashboard')).toBeNull();
  });
});

describe('PASS and NO PASS', () => {
  const pending = makeResult({ assignment_status: 'PENDING REVIEW' });

  it('a reviewer marks NO PASS with a message; the alert shows for 3 s, then the dashboard', async () => {
    const { user, advance } = fakeClock();
    const { to } = setup({ who: 'reviewer', keys: SUPERVISOR, reviewer: 'true', result: pending });
    expect(await screen.findByRole('button', { name: RESULT_TEXTS.viewOtherLevel })).toBeTruthy();
    // a reviewer has no Send for review, and does not poll the audio status
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.sendForReview })).toBeNull();
    expect(to('/api/v1/sims/agent/audio/status')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: RESULT_TEXTS.noPass }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark NO PASS' });
    await user.type(within(dialog).getByLabelText(RESULT_TEXTS.messageToLearner), 'Say Monday next time.');
    await user.click(within(dialog).getByRole('button', { name: RESULT_TEXTS.noPass }));
    await waitFor(() => expect(to('/api/v1/sims/assignment/add-status')).toHaveLength(1));
    expect(to('/api/v1/sims/assignment/add-status')[0]?.body).toEqual({
      _id: ASSIGNMENT_ID,
      status: 'NO PASS',
      response_id: ATTEMPT_ID,
      review_comments: 'Say Monday next time.',
    });
    expect(await screen.findByText(RESULT_TEXTS.markedNoPass)).toBeTruthy();
    await advance(3000);
    expect((await screen.findByTestId('dashboard')).textContent).toMatch(/^\/dashboard\|/);
  });

  it('PASS without a message; Escape closes the dialog without a decision', async () => {
    const user = userEvent.setup();
    const { to } = setup({ who: 'reviewer', keys: SUPERVISOR, reviewer: 'true', result: pending });
    await user.click(await screen.findByRole('button', { name: RESULT_TEXTS.pass }));
    expect(await screen.findByRole('dialog', { name: 'Mark PASS' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: RESULT_TEXTS.pass }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: RESULT_TEXTS.pass }));
    await waitFor(() => expect(to('/api/v1/sims/assignment/add-status')).toHaveLength(1));
    expect(to('/api/v1/sims/assignment/add-status')[0]?.body).toMatchObject({ status: 'PASS', review_comments: '' });
    expect(await screen.findByText(RESULT_TEXTS.markedPass)).toBeTruthy();
  });

  it('are disabled, saying why, while the assignment is not pending review', async () => {
    const user = userEvent.setup();
    setup({ who: 'reviewer', keys: SUPERVISOR, reviewer: 'true', result: makeResult({ assignment_status: 'PASS' }) });
    const pass = (await screen.findByRole('button', { name: RESULT_TEXTS.pass })) as HTMLButtonElement;
    expect(pass.disabled).toBe(true);
    await user.hover(pass.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip', { name: REVIEW_MESSAGES.notPendingReview })).toBeTruthy();
  });

  it.each([
    ['a learner', LEARNER, 'true', 'learner'],
    ['the learner’s view', SUPERVISOR, 'false', 'reviewer'],
    ['without review permission', SUPERVISOR.filter((k) => k !== 'review_assignments:view'), 'true', 'reviewer'],
  ] as const)('are not shown to %s', async (_, keys, reviewer, who) => {
    setup({ who, keys, reviewer, result: pending });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.pass })).toBeNull();
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.noPass })).toBeNull();
  });

  it('are not shown when neither the level matches nor send_for_review is set', async () => {
    setup({
      who: 'reviewer',
      keys: SUPERVISOR,
      reviewer: 'true',
      result: makeResult({ assignment_status: 'PENDING REVIEW', send_for_review: false }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: RESULT_TEXTS.pass })).toBeNull();
  });
});
