import { attemptsApi, type TFinalScoreResponse } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

export interface FinalScoreInput {
  attemptId: string;
  assignmentId: string;
  totalSeconds: number;
  wrapSeconds: number;
  /** Restart and Exit close the attempt without completing it */
  exitOrRestart: boolean;
}

const seconds = (n: number) => Math.min(24 * 3600, Math.max(0, Math.round(n)));

/** POST final-score: closes the attempt and answers its figures (N/A as null). */
export function postFinalScore(input: FinalScoreInput, signal?: AbortSignal): Promise<TFinalScoreResponse> {
  return apiRequest(
    attemptsApi.finalScore,
    {
      body: {
        user_response_id: input.attemptId,
        assignment_id: input.assignmentId,
        totalSeconds: seconds(input.totalSeconds),
        wrapSeconds: seconds(input.wrapSeconds),
        isPost: true,
        exit_or_restart: input.exitOrRestart,
      },
    },
    { signal },
  );
}
