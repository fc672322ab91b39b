import { levelsApi, type TAddLevelRequest } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSimMutation } from './use-sim-mutation';

/** Answers the new level. */
export function addLevel(body: TAddLevelRequest) {
  return apiRequest(levelsApi.add, { body });
}

export function renameLevel({ levelId, sim_id, name }: { levelId: string; sim_id: string; name: string }) {
  return apiRequest(levelsApi.rename, { params: { id: levelId }, body: { sim_id, name } });
}

export function deleteLevel(body: { sim_id: string; level_id: string }) {
  return apiRequest(levelsApi.delete, { body });
}

export const useAddLevel = (simId: string) => useSimMutation(simId, addLevel);
export const useRenameLevel = (simId: string) => useSimMutation(simId, renameLevel);
export const useDeleteLevel = (simId: string) => useSimMutation(simId, deleteLevel);
