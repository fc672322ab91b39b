import { assignmentsApi, type TAssignmentListQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query keys of the dashboard: every mutation of an assignment invalidates `all`. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  lists: () => [...assignmentKeys.all, 'list'] as const,
  list: (params: TAssignmentListQuery) => [...assignmentKeys.lists(), params] as const,
  counts: () => [...assignmentKeys.all, 'counts'] as const,
  options: (tool: string | null) => [...assignmentKeys.all, 'options', tool ?? ''] as const,
  learnerSim: (assignmentId: string) => [...assignmentKeys.all, 'learner-sim', assignmentId] as const,
  levelStats: (assignmentId: string, userId: string) => [...assignmentKeys.all, 'stats', assignmentId, userId] as const,
  sampleClip: (levelId: string) => [...assignmentKeys.all, 'sample-clip', levelId] as const,
};

/** A page of a dashboard tab: skip, limit, textSearch, tab, my_assignment, orderBy, order. */
export function getAssignments(params: TAssignmentListQuery, signal?: AbortSignal) {
  return apiRequest(assignmentsApi.list, { query: params }, { signal });
}

export function assignmentsQueryOptions(params: TAssignmentListQuery) {
  return queryOptions({
    queryKey: assignmentKeys.list(params),
    queryFn: ({ signal }) => getAssignments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAssignments(params: TAssignmentListQuery, enabled = true) {
  return useQuery({ ...assignmentsQueryOptions(params), enabled });
}
