import { assignmentsApi, resultsApi, type TAssignmentListQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** Ready For Review: the assignments PENDING REVIEW (the dashboard's Pending Review list). */
export function readyForReviewQueryOptions(query: TAssignmentListQuery) {
  return queryOptions({
    queryKey: helpdeskKeys.reviewList(query),
    queryFn: ({ signal }) => apiRequest(assignmentsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReadyForReview(query: TAssignmentListQuery, enabled: boolean) {
  return useQuery({ ...readyForReviewQueryOptions(query), enabled });
}

/** The tab's count (readyForReviewCount of the dashboard's counts). */
export function useReadyForReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: helpdeskKeys.reviewCount(),
    queryFn: ({ signal }) => apiRequest(assignmentsApi.count, {}, { signal }),
    select: (data) => data.readyForReviewCount,
    enabled,
  });
}

/** The level to review: the one of the assignment's newest completed attempt (null when none). */
export async function levelToReview(assignmentId: string): Promise<string | null> {
  const answer = await apiRequest(resultsApi.history, { query: { assignment_id: assignmentId } });
  return answer.history.find((a) => a.status === 'completed')?.sim_level_id ?? null;
}
