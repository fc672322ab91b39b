import { profileApi, type TUpdatePasswordRequest, type TUpdatePasswordResponse } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveToken } from '../../../lib/auth-storage';

/**
 * Changes my password. The change ends every session of the user, this one's token
 * included; the answer carries a new token for this session, kept at once so the next call is signed in.
 */
export async function updatePassword(body: TUpdatePasswordRequest): Promise<TUpdatePasswordResponse> {
  const data = await apiRequest(profileApi.updatePassword, { body });
  saveToken(data.token);
  return data;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
