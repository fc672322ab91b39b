import type { ZResetPasswordRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { TOkResponse } from './forgot-password';

export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export function resetPassword(body: TResetPasswordRequest): Promise<TOkResponse> {
  return apiRequest<TOkResponse>('/api/v1/login/reset-password', { method: 'POST', body, public: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
