import { assignmentsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/**
 * The status of an assignment; asking for it when the learner opens a done assignment clears its
 * unopened badge, so the counts are asked for again.
 */
export function getAssignmentStatus(id: string) {
  return apiRequest(assignmentsApi.status, { params: { id } });
}

export function useOpenAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getAssignmentStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.counts() }),
  });
}
