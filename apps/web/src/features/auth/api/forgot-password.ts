import { authApi, type RouteInput } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function forgotPassword(body: RouteInput<typeof authApi.forgotPassword>['body']) {
  return apiRequest(authApi.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
