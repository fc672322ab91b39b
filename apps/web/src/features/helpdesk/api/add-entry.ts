import { helpdeskApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** A reply on a ticket (the spec's entry: action reply, script -1). */
export function addEntry(input: { ticketId: string; message: string }) {
  return apiRequest(helpdeskApi.addEntry, {
    body: { ticket_id: input.ticketId, entry: { action: 'reply', script: -1, message: input.message } },
  });
}

export function useAddEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.all }),
  });
}
