import type { TRegisterRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TOkResponse } from './forgot-password';

export function register(body: TRegisterRequest): Promise<TOkResponse> {
  return apiRequest<TOkResponse>('/api/v1/users/register', { method: 'POST', body, public: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
