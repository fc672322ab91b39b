import { assignmentsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/** The count of each tab, the unopened badges and the profile card's figures. */
export function getAssignmentCounts(signal?: AbortSignal) {
  return apiRequest(assignmentsApi.count, {}, { signal });
}

export function assignmentCountsQueryOptions() {
  return queryOptions({
    queryKey: assignmentKeys.counts(),
    queryFn: ({ signal }) => getAssignmentCounts(signal),
  });
}

export function useAssignmentCounts() {
  return useQuery(assignmentCountsQueryOptions());
}
