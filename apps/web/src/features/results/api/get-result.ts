import { MESSAGES, RESULT_LIMITS, resultsApi, type TUserResultResponse, ZUserResultResponse } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

export interface ResultTarget {
  assignmentId: string;
  simId: string;
  levelId: string;
  /** the learner (a reviewer's view); null: the signed-in user */
  userId: string | null;
  /** a given attempt (the one just finished); null: the level's latest completed attempt */
  responseId: string | null;
}

/**
 * POST /api/v1/sims/result?user_id {assignment_id, sim_id, levelId, response_id?}: the User result of the
 * spec. The route also answers `check_result_exist`, so its answer is read against the result's shape.
 */
export async function getResult(target: ResultTarget, signal?: AbortSignal): Promise<TUserResultResponse> {
  const answer: unknown = await apiRequest(
    resultsApi.result,
    {
      query: target.userId ? { user_id: target.userId } : {},
      body: {
        assignment_id: target.assignmentId,
        sim_id: target.simId,
        levelId: target.levelId,
        ...(target.responseId ? { response_id: target.responseId } : {}),
      },
    },
    { signal },
  );
  const parsed = ZUserResultResponse.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', MESSAGES.internal);
  return parsed.data;
}

/**
 * The result, asked again every 5 s while some agent line is not Completed yet (section 4: "final score
 * re-request after 5 seconds"); the spinner shows meanwhile.
 */
export function resultQueryOptions(target: ResultTarget) {
  return queryOptions({
    queryKey: resultKeys.result(target),
    queryFn: ({ signal }) => getResult(target, signal),
    refetchInterval: (query) =>
      query.state.data && !query.state.data.all_completed ? RESULT_LIMITS.finalScoreRetryMs : false,
  });
}

export function useResult(target: ResultTarget) {
  return useQuery(resultQueryOptions(target));
}
