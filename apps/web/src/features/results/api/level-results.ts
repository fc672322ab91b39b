import { attemptsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

export interface LevelResultsTarget {
  simId: string;
  assignmentId: string;
  /** the learner of the assignment */
  userId: string;
}

/** GET /api/v1/sims/stats: the assignment's levels, each with its latest completed attempt (or none). */
export function getLevelResults({ simId, assignmentId, userId }: LevelResultsTarget, signal?: AbortSignal) {
  return apiRequest(
    attemptsApi.levelStats,
    { query: { sim_id: simId, user_id: userId, assignment_id: assignmentId } },
    { signal },
  );
}

export function levelResultsQueryOptions(target: LevelResultsTarget) {
  return queryOptions({
    queryKey: resultKeys.levels(target.assignmentId, target.userId),
    queryFn: ({ signal }) => getLevelResults(target, signal),
  });
}

/** The levels for View Other Level Result (asked when its menu first opens). */
export function useLevelResults(target: LevelResultsTarget, enabled: boolean) {
  return useQuery({ ...levelResultsQueryOptions(target), enabled });
}
