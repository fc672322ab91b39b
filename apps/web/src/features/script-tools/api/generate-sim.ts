import type { TGenerateSimRequest, TLevel } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/sims/generate-sim {sim_id, levelId: [settings of each generated level]}. */
export function generateSim(body: TGenerateSimRequest) {
  return apiRequest<{ success: true; message: string; levels: TLevel[] }>('/api/v1/sims/generate-sim', {
    method: 'POST',
    body,
  });
}

export function useGenerateSim() {
  return useMutation({ mutationFn: generateSim });
}
