import { permissionMatrixApi, type TSaveRolePermissionsRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { matrixKeys } from './get-matrix';

/** permission_data: [{role_id, permissions}] */
export function saveRolePermissions(body: TSaveRolePermissionsRequest) {
  return apiRequest(permissionMatrixApi.saveRolePermissions, { body });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matrixKeys.all }),
        // the user's own role may have changed
        queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails() }),
      ]),
  });
}
