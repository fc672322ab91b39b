import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelKeys } from './full-details';

/**
 * A mutation of the Create Levels step: once it settles (success or failure) the sim's full details are
 * fetched again, so the screen always shows what the server holds.
 */
export function useSimMutation<V, R>(simId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelKeys.fullDetails(simId) }),
  });
}
