import type { TUpdateProfileRequest, TUserInfo } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { userKeys } from './get-user-info';

/** POST /api/v1/users/update-profile: my settings. */
export function updateProfile(
  body: TUpdateProfileRequest,
): Promise<{ success: true; message: string; user: TUserInfo }> {
  return apiRequest('/api/v1/users/update-profile', { method: 'POST', body });
}

/** Saves my settings; the stored user (names, role) is refreshed at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData(userKeys.info(null), { success: true, user: data.user });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
