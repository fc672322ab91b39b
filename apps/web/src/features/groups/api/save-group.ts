import { groupsApi, type TSaveGroupRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickerKeys } from '../../../lib/pickers';
import { groupKeys } from './get-groups';

/** With _id an update; `users` sets the members. */
export function saveGroup(body: TSaveGroupRequest) {
  return apiRequest(groupsApi.save, { body });
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
