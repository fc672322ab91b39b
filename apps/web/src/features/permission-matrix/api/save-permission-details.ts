import { permissionMatrixApi, type TSavePermissionDetailsRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { matrixKeys } from './get-matrix';

/** id: the task's id; tooltip and description */
export function savePermissionDetails({ id, ...body }: TSavePermissionDetailsRequest & { id: string }) {
  return apiRequest(permissionMatrixApi.saveDetails, { query: { id }, body });
}

export function useSavePermissionDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermissionDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matrixKeys.all }),
  });
}
