import type { TMessageResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { roleKeys } from './get-roles';

/** POST /api/v1/company/delete-role {id} */
export function deleteRole(id: string) {
  return apiRequest<TMessageResponse>('/api/v1/company/delete-role', { method: 'POST', body: { id } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
