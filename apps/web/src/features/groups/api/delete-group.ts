import { groupsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/pickers';
import { groupKeys } from './get-groups';

export function deleteGroup(id: string) {
  return apiRequest(groupsApi.delete, { body: { id } });
}

/**
 * After a delete the lists are refreshed, but not the deleted group's members: its form is still open while
 * the lists reload, and asking users/user-by-group for a group that is gone answers 404 (issue 15).
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => {
      const deletedMembers = groupKeys.members(id);
      void queryClient.cancelQueries({ queryKey: deletedMembers, exact: true });
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: groupKeys.all,
          predicate: (query) => !matchesKey(query.queryKey, deletedMembers),
        }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.groups() }),
      ]);
    },
  });
}

function matchesKey(key: readonly unknown[], target: readonly unknown[]): boolean {
  return key.length === target.length && key.every((part, i) => part === target[i]);
}
