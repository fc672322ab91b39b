import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/sims/remove-sim-passFail {sim_level_id, sim_id}: unset the criteria of the level. */
export function removeCriteria(body: { sim_id: string; sim_level_id: string }) {
  return apiRequest<{ success: true; message: string }>('/api/v1/sims/remove-sim-passFail', { method: 'POST', body });
}

export function useRemoveCriteria() {
  return useMutation({ mutationFn: removeCriteria });
}
