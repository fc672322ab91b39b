import { TAKE_SIM_TEXTS as T, type TFinalScoreResponse } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttemptResultView } from '../../features/results/components/attempt-result-view';
import {
  ASSIGNMENT_ID,
  ATTEMPT_ID,
  LEARNER_ID,
  LEVEL_ID,
  makeResult,
  SIM_ID,
} from '../../features/results/testing/fixtures';
import { fakeAudio, LEARNER, mockApi, ok, renderAt, signInAs } from '../../features/results/testing/harness';
import { AttemptResult, AttemptResultSlotContext } from '../../features/take-sim/components/attempt-result';
import { TakeSimRoute } from './take-sim-route';

const QUERY = {
  assignment_id: ASSIGNMENT_ID,
  user_id: LEARNER_ID,
  sim_id: SIM_ID,
  reviewer: 'false',
  levelId: LEVEL_ID,
};

function serve() {
  fakeAudio();
  return mockApi(signInAs(LEARNER, 'learner'), (call) => {
    if (call.path === '/api/v1/sims/result') return ok({ ...makeResult() });
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok({ allAudioProcessed: true, allLevelsCompleted: true, send_for_review: true });
    return undefined;
  });
}

describe('/sims/takesim composed', () => {
  it('shows the result view with viewResult in the query', async () => {
    const { to } = serve();
    renderAt(<TakeSimRoute />, `/sims/takesim?${new URLSearchParams({ viewResult: 'true', ...QUERY })}`);
    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    expect(to('/api/v1/sims/take-sim/details')).toHaveLength(0);
  });

  it('shows the result view with viewResult in the navigation state', async () => {
    serve();
    renderAt(<TakeSimRoute />, `/sims/takesim?${new URLSearchParams(QUERY)}`, { viewResult: true });
    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
  });

  it('takes the level otherwise', async () => {
    const { to } = serve();
    renderAt(<TakeSimRoute />, `/sims/takesim?${new URLSearchParams({ ...QUERY, order: '2' })}`);
    await waitFor(() => expect(to('/api/v1/sims/take-sim/details').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeNull();
  });

  it('after All Done, the post-attempt view is the result view of the attempt just finished', async () => {
    const user = userEvent.setup();
    const { to } = serve();
    const onBack = vi.fn();
    const final = { user_response_id: ATTEMPT_ID } as TFinalScoreResponse;
    renderAt(
      <AttemptResultSlotContext.Provider
        value={{
          Result: AttemptResultView,
          query: {
            assignmentId: ASSIGNMENT_ID,
            simId: SIM_ID,
            levelId: LEVEL_ID,
            userId: LEARNER_ID,
            type: 'training',
          },
        }}
      >
        <AttemptResult levelName="Try w/ scripts" result={final} lines={[]} voiceOnly={false} onBack={onBack} />
      </AttemptResultSlotContext.Provider>,
      '/sims/takesim',
    );
    expect(await screen.findByRole('heading', { name: T.resultOf('Try w/ scripts') })).toBeTruthy();
    expect(to('/api/v1/sims/result')[0]?.body).toEqual({
      assignment_id: ASSIGNMENT_ID,
      sim_id: SIM_ID,
      levelId: LEVEL_ID,
      response_id: ATTEMPT_ID,
    });
    // the learner's own result: Send for review and Re-take, and Back to Dashboard
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.backToDashboard }));
    expect(onBack).toHaveBeenCalled();
  });
});
