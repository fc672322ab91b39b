import { authApi, type RouteInput } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { seedSession } from '../../../lib/session';

/** The answer is a sign-in, handled like one. */
export function loginToAgent(body: RouteInput<typeof authApi.loginToAgent>['body']) {
  return apiRequest(authApi.loginToAgent, { body });
}

/** Opens the agent's account: the new session replaces the administrator's (as sign-in does). */
export function useLoginToAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginToAgent,
    onSuccess: (data) => {
      queryClient.clear();
      seedSession(queryClient, data);
      saveSession(data.token, data.user);
    },
  });
}
