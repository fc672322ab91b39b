import { assignmentsApi, type TAddAssignmentRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/** A member's assignment, or one for every current member of a group. */
export function addAssignment(body: TAddAssignmentRequest) {
  return apiRequest(assignmentsApi.add, { body });
}

export function useAddAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAssignment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.counts() }),
      ]),
  });
}
