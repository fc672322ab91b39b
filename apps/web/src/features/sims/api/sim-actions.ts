import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { simKeys } from './get-sims';

interface MessageAnswer {
  success: true;
  message: string;
}

/** POST /api/v1/sims/delete {sim_id}: moves the sim to the trash. */
export function deleteSim(simId: string) {
  return apiRequest<MessageAnswer>('/api/v1/sims/delete', { method: 'POST', body: { sim_id: simId } });
}

/** POST /api/v1/sims/recover {sim_id}: restores the sim from the trash. */
export function recoverSim(simId: string) {
  return apiRequest<MessageAnswer>('/api/v1/sims/recover', { method: 'POST', body: { sim_id: simId } });
}

/** POST /api/v1/sims/trash: deletes every trashed sim for good. */
export function emptyTrash() {
  return apiRequest<MessageAnswer & { deleted: number }>('/api/v1/sims/trash', { method: 'POST', body: {} });
}

function useSimMutation<V>(mutationFn: (variables: V) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.lists() }),
  });
}

export const useDeleteSim = () => useSimMutation(deleteSim);
export const useRecoverSim = () => useSimMutation(recoverSim);
export const useEmptyTrash = () => useSimMutation<void>(() => emptyTrash());
