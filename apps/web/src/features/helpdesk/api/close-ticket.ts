import { helpdeskApi, type TicketCloseStatus } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** Resolve, reject, close or archive a ticket, with an optional message (sent upper case). */
export function closeTicket(input: { ticketId: string; status: TicketCloseStatus; message: string }) {
  return apiRequest(helpdeskApi.close, {
    body: { ticket_id: input.ticketId, status: input.status, entry: { message: input.message } },
  });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.all }),
  });
}
