import { attemptsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeSimKeys } from './keys';

/**
 * GET take-sim/details: the level's steps (signed audio URLs), the sim and the case layouts; with an attempt
 * id, each learner line carries its take in that attempt (a resumed attempt).
 */
export function getTakeSimDetails(
  levelId: string,
  assignmentId: string,
  responseId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest(
    attemptsApi.takeSim,
    {
      query: {
        simLevelId: levelId,
        assignment_id: assignmentId,
        ...(responseId ? { user_response_id: responseId } : {}),
      },
    },
    { signal },
  );
}

export function takeSimDetailsQueryOptions(levelId: string, assignmentId: string, responseId: string | null) {
  return queryOptions({
    queryKey: takeSimKeys.details(levelId, assignmentId, responseId),
    queryFn: ({ signal }) => getTakeSimDetails(levelId, assignmentId, responseId, signal),
    // the audio URLs are signed for a while; the screen keeps what it loaded for the whole take
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useTakeSimDetails(levelId: string, assignmentId: string, responseId: string | null, enabled = true) {
  return useQuery({ ...takeSimDetailsQueryOptions(levelId, assignmentId, responseId), enabled });
}
