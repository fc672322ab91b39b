import type { TSaveGroupRequest, TSaveGroupResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/pickers';
import { groupKeys } from './get-groups';

/** POST /api/v1/groups/save-edit: with _id an update; `users` sets the members. */
export function saveGroup(body: TSaveGroupRequest) {
  return apiRequest<TSaveGroupResponse>('/api/v1/groups/save-edit', { method: 'POST', body });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.groups() }),
      ]),
  });
}
