import type { ZForgotPasswordRequest, ZOk } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;
export type TOkResponse = z.infer<typeof ZOk>;

export function forgotPassword(body: TForgotPasswordRequest): Promise<TOkResponse> {
  return apiRequest<TOkResponse>('/api/v1/login/forgot-password', { method: 'POST', body, public: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
