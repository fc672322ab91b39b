import { helpdeskApi } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** Deletes a ticket (cannot be undone). */
export function deleteTicket(ticketId: string) {
  return apiRequest(helpdeskApi.delete, { body: { ticket_id: ticketId } });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_answer, ticketId) => {
      queryClient.removeQueries({ queryKey: helpdeskKeys.ticket(ticketId) });
      return queryClient.invalidateQueries({ queryKey: helpdeskKeys.lists() });
    },
  });
}
