import { assignmentsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/** The choices of ADD ASSIGNMENT: tools, members and groups; with a tool, also its sims. */
export function getAssignmentOptions(tool: string | null, signal?: AbortSignal) {
  return apiRequest(assignmentsApi.options, { query: tool ? { tool } : {} }, { signal });
}

export function assignmentOptionsQueryOptions(tool: string | null) {
  return queryOptions({
    queryKey: assignmentKeys.options(tool),
    queryFn: ({ signal }) => getAssignmentOptions(tool, signal),
  });
}

/** Enabled while the dialog is open; `tool` null asks for the tools, members and groups only. */
export function useAssignmentOptions(tool: string | null, enabled: boolean) {
  return useQuery({ ...assignmentOptionsQueryOptions(tool), enabled });
}
