import { type AttemptMode, attemptsApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

export interface StartAttemptInput {
  simId: string;
  levelId: string;
  assignmentId: string;
  mode: AttemptMode;
  withoutCoach: boolean;
}

/** POST save-take-sim-details: a new attempt of the level (the assignment goes IN PROGRESS); answers its id. */
export async function startAttempt(input: StartAttemptInput): Promise<string> {
  const answer = await apiRequest(attemptsApi.start, {
    body: {
      simId: input.simId,
      simLevelId: input.levelId,
      assignment_id: input.assignmentId,
      mode: input.mode,
      without_coach: input.withoutCoach,
    },
  });
  return answer._id;
}
