import { simsApi, type TMessageResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { simKeys } from '../../../lib/sim-queries';

/** Moves the sim to the trash. */
export function deleteSim(simId: string) {
  return apiRequest(simsApi.delete, { body: { sim_id: simId } });
}

/** Restores the sim from the trash. */
export function recoverSim(simId: string) {
  return apiRequest(simsApi.recover, { body: { sim_id: simId } });
}

/** Deletes every trashed sim for good. */
export function emptyTrash() {
  return apiRequest(simsApi.emptyTrash);
}

function useSimMutation<V>(mutationFn: (variables: V) => Promise<TMessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simKeys.lists() }),
  });
}

export const useDeleteSim = () => useSimMutation(deleteSim);
export const useRecoverSim = () => useSimMutation(recoverSim);
export const useEmptyTrash = () => useSimMutation<void>(() => emptyTrash());
