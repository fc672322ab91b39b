import type { TPassFail, TSetCriteriaRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/sims/set-criteria: the sim's pass/fail criteria, carried by this level. */
export function setCriteria(body: TSetCriteriaRequest) {
  return apiRequest<{ success: true; message: string; pass_fail: TPassFail }>('/api/v1/sims/set-criteria', {
    method: 'POST',
    body,
  });
}

export function useSetCriteria() {
  return useMutation({ mutationFn: setCriteria });
}
