import type { TUpdatePasswordRequest, TUpdatePasswordResponse } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveToken } from '../../../lib/auth-storage';

/**
 * POST /api/v1/users/update-password. The change ends every session of the user, this one's token
 * included; the answer carries a new token for this session, kept at once so the next call is signed in.
 */
export async function updatePassword(body: TUpdatePasswordRequest): Promise<TUpdatePasswordResponse> {
  const data = await apiRequest<TUpdatePasswordResponse>('/api/v1/users/update-password', { method: 'POST', body });
  saveToken(data.token);
  return data;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
