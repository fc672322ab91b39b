import { loginAsApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { seedSession } from '../../../lib/session';

export function backToOwnAccount() {
  return apiRequest(loginAsApi.backToOwnAccount, {});
}

/** Leaves the agent's account: the administrator's own session replaces the agent's (as sign-in does). */
export function useBackToOwnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backToOwnAccount,
    onSuccess: (data) => {
      queryClient.clear();
      seedSession(queryClient, data);
      saveSession(data.token, data.user);
    },
  });
}
