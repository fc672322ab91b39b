import { groupsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/pickers';
import { groupKeys } from './get-groups';

export function deleteGroup(id: string) {
  return apiRequest(groupsApi.delete, { body: { id } });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.groups() }),
      ]),
  });
}
