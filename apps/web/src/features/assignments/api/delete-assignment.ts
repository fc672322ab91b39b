import { assignmentsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/** Only a NOT STARTED assignment can be deleted (the server answers 409 otherwise). */
export function deleteAssignment(id: string) {
  return apiRequest(assignmentsApi.delete, { params: { id } });
}

export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.counts() }),
      ]),
  });
}
