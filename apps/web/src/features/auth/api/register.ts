import { authApi, type TRegisterRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function register(body: TRegisterRequest) {
  return apiRequest(authApi.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
