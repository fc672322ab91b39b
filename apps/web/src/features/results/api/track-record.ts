import { resultsApi, type TReviewEntry } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

/** GET /api/v1/sims/assignment/track-record/{id}. */
export function getTrackRecord(assignmentId: string, signal?: AbortSignal) {
  return apiRequest(resultsApi.trackRecord, { params: { id: assignmentId } }, { signal });
}

/** The decisions newest first: the server lists data[0].reviewed_status oldest first (section 7: "shown reversed"). */
export function newestFirst(answer: { data: { reviewed_status: TReviewEntry[] }[] }): TReviewEntry[] {
  return [...(answer.data[0]?.reviewed_status ?? [])].reverse();
}

export function trackRecordQueryOptions(assignmentId: string) {
  return queryOptions({
    queryKey: resultKeys.trackRecord(assignmentId),
    queryFn: async ({ signal }) => newestFirst(await getTrackRecord(assignmentId, signal)),
    staleTime: 0,
  });
}

export function useTrackRecord(assignmentId: string) {
  return useQuery(trackRecordQueryOptions(assignmentId));
}
