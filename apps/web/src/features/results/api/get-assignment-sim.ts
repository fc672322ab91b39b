import { attemptsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

/** The sim of an assignment (GET learner-sim): the result view opened without sim_id reads it from here. */
export function assignmentSimQueryOptions(assignmentId: string) {
  return queryOptions({
    queryKey: [...resultKeys.all, 'assignment-sim', assignmentId] as const,
    queryFn: ({ signal }) => apiRequest(attemptsApi.learnerSim, { query: { assignment_id: assignmentId } }, { signal }),
  });
}

export function useAssignmentSim(assignmentId: string, enabled: boolean) {
  return useQuery({ ...assignmentSimQueryOptions(assignmentId), enabled });
}
