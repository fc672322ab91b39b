import type { TLoginRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { seedSession } from '../../../lib/session-cache';
import { signInRoutes } from './sign-in-routes';

export function login(body: TLoginRequest) {
  return apiRequest(signInRoutes.login, { body });
}

/** Signs in: stores the token and user and seeds the session query. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      queryClient.clear();
      seedSession(queryClient, data);
      saveSession(data.token, data.user);
    },
  });
}
