import type { TAddLevelRequest, TLevelResponse } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSimMutation } from './use-sim-mutation';

interface MessageAnswer {
  success: true;
  message: string;
}

/** POST /api/v1/sims/add-level {sim_id, name, order, …}: answers the new level. */
export function addLevel(body: TAddLevelRequest) {
  return apiRequest<TLevelResponse>('/api/v1/sims/add-level', { method: 'POST', body });
}

/** PATCH /api/v1/sims/editLevel/:id {name, sim_id} */
export function renameLevel(body: { levelId: string; sim_id: string; name: string }) {
  return apiRequest<TLevelResponse>(`/api/v1/sims/editLevel/${encodeURIComponent(body.levelId)}`, {
    method: 'PATCH',
    body: { sim_id: body.sim_id, name: body.name },
  });
}

/** POST /api/v1/sims/delete-level {level_id, sim_id} */
export function deleteLevel(body: { sim_id: string; level_id: string }) {
  return apiRequest<MessageAnswer>('/api/v1/sims/delete-level', { method: 'POST', body });
}

export const useAddLevel = (simId: string) => useSimMutation(simId, addLevel);
export const useRenameLevel = (simId: string) => useSimMutation(simId, renameLevel);
export const useDeleteLevel = (simId: string) => useSimMutation(simId, deleteLevel);
