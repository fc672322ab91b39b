import { rolesApi, type TSaveRoleRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { roleKeys } from './get-roles';

/** Create, duplicate (duplicate_from), or with _id rename / enable / disable. */
export function saveRole(body: TSaveRoleRequest) {
  return apiRequest(rolesApi.save, { body });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        // enabling or disabling a role may change what the user holds
        queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails() }),
      ]),
  });
}
