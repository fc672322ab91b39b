import {
  MESSAGES,
  type TUpdateProfilePhotoResponse,
  type TUserDetailsResponse,
  UI_MESSAGES,
  ZErrorBody,
} from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getStoredUser, getToken, saveStoredUser } from '../../../lib/auth-storage';
import { sessionKeys } from '../../../lib/session';
import { userKeys } from './get-user-info';

/**
 * POST /api/v1/users/update-profile-photo, multipart field `photo`. XMLHttpRequest rather than fetch,
 * for its upload progress. A 401 drops the session (the guard then goes to /login, as the API client does).
 */
export function uploadProfilePhoto(
  file: File,
  onProgress: (percent: number) => void,
): Promise<TUpdateProfilePhotoResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/users/update-profile-photo');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', UI_MESSAGES.networkError));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as TUpdateProfilePhotoResponse);
        return;
      }
      if (xhr.status === 401) clearSession();
      const parsed = ZErrorBody.safeParse(body);
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.code, parsed.data.message)
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, MESSAGES.internal),
      );
    };
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
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
