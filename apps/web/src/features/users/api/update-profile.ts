import { profileApi, type TUpdateProfileRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { userKeys } from './get-user-info';

/** My settings. */
export function updateProfile(body: TUpdateProfileRequest) {
  return apiRequest(profileApi.update, { body });
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
