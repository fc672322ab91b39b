import { type AttemptMode, attemptsApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST continue: whether the level has an unfinished attempt, at which clip, and the time already spent. */
export function continueAttempt(input: {
  simId: string;
  levelId: string;
  assignmentId: string;
  mode: AttemptMode | null;
}) {
  return apiRequest(attemptsApi.continue, {
    body: {
      simId: input.simId,
      simLevelId: input.levelId,
      assignment_id: input.assignmentId,
      ...(input.mode ? { mode: input.mode } : {}),
    },
  });
}
