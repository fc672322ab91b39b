import type { TUpdatePasswordRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/users/update-password */
export function updatePassword(
  body: TUpdatePasswordRequest,
): Promise<{ success: true; message: string; email_sent: boolean }> {
  return apiRequest('/api/v1/users/update-password', { method: 'POST', body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
