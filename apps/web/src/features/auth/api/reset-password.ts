import { authApi, type RouteInput } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(body: RouteInput<typeof authApi.resetPassword>['body']) {
  return apiRequest(authApi.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
