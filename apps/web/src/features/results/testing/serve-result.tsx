import type { TUserResultResponse } from '@sim/shared';
import { ResultPage } from '../components/result-page';
import { ASSIGNMENT_ID, LEARNER_ID, LEVEL_ID, makeResult, SIM_ID } from './fixtures';
import { fakeAudio, LEARNER, mockApi, ok, renderAt, resultPath, signInAs } from './harness';

/** The learner's view of their own result, as the dashboard's View Results opens it. */
export const QUERY = {
  assignment_id: ASSIGNMENT_ID,
  user_id: LEARNER_ID,
  sim_id: SIM_ID,
  reviewer: 'false',
  levelId: LEVEL_ID,
};

/**
 * The result page for the learner, the server answering the result (an answer, or a function for each ask),
 * the audio status (all processed) and the assignment's sim.
 */
export function serveResult(result: TUserResultResponse | (() => Response) = makeResult(), query = QUERY) {
  fakeAudio();
  const session = signInAs(LEARNER, 'learner');
  const api = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/result') return typeof result === 'function' ? result() : ok({ ...result });
    if (call.path === '/api/v1/sims/agent/audio/status')
      return ok({ allAudioProcessed: true, allLevelsCompleted: true, send_for_review: true });
    if (call.path === '/api/v1/sims/learner-sim') return ok({ sim: { _id: SIM_ID } });
    return undefined;
  });
  const view = renderAt(<ResultPage />, resultPath(query), { type: 'training' });
  return { ...view, ...api };
}
