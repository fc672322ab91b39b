import type { TMatrixTask, TSavePermissionDetailsRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { matrixKeys } from './get-matrix';

/** POST /api/v1/permissions/save-permission-details?id={task id} {tooltip, description} */
export function savePermissionDetails({ id, ...body }: TSavePermissionDetailsRequest & { id: string }) {
  return apiRequest<{ success: true; message: string; task: TMatrixTask }>(
    '/api/v1/permissions/save-permission-details',
    {
      method: 'POST',
      query: { id },
      body,
    },
  );
}

export function useSavePermissionDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermissionDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matrixKeys.all }),
  });
}
