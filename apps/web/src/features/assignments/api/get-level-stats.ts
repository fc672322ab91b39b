import { attemptsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

export interface LevelStatsTarget {
  simId: string;
  assignmentId: string;
  /** the learner whose attempts are counted */
  userId: string;
}

/** The level cards: attempts, completions, the last result and a resumable attempt per level. */
export function getLevelStats({ simId, assignmentId, userId }: LevelStatsTarget, signal?: AbortSignal) {
  return apiRequest(
    attemptsApi.levelStats,
    { query: { sim_id: simId, user_id: userId, assignment_id: assignmentId } },
    { signal },
  );
}

export function levelStatsQueryOptions(target: LevelStatsTarget) {
  return queryOptions({
    queryKey: assignmentKeys.levelStats(target.assignmentId, target.userId),
    queryFn: ({ signal }) => getLevelStats(target, signal),
    // attempts change on the take-sim screen: ask again each time the dialog opens
    staleTime: 0,
  });
}

export function useLevelStats(target: LevelStatsTarget) {
  return useQuery(levelStatsQueryOptions(target));
}
