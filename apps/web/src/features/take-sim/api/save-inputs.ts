import { attemptsApi, type TAttemptInput } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST save-take-sim-input-details: the case panel's values of the attempt (typing and data selection). */
export function saveInputs(simId: string, attemptId: string, inputs: TAttemptInput[]) {
  return apiRequest(attemptsApi.saveInputs, {
    query: { simId, userResponseId: attemptId },
    body: { inputs },
  });
}
