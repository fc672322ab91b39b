import { profileApi, type TUserDetailsResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getStoredUser, saveStoredUser } from '../../../lib/auth-storage';
import { sessionKeys } from '../../../lib/session';
import { sendFormWithProgress } from '../../../lib/upload-with-progress';
import { userKeys } from './get-user-info';

/** My photo (multipart field `photo`), with upload progress. */
export function uploadProfilePhoto(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('photo', file);
  return sendFormWithProgress(profileApi.updatePhoto, { form }, onProgress);
}

/** Uploads my photo; the stored user and the session show it at once. */
export function useUploadProfilePhoto(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(file, onProgress),
    onSuccess: async ({ url }) => {
      const stored = getStoredUser();
      if (stored) saveStoredUser({ ...stored, profile_pic_url: url });
      queryClient.setQueryData<TUserDetailsResponse>(sessionKeys.userDetails(), (old) =>
        old ? { ...old, user: { ...old.user, profile_pic_url: url } } : old,
      );
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
