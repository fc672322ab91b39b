import { helpdeskApi, type TCreateTicketRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** Asks for help: the message, the page, the sim context and the uploaded attachments. */
export function createTicket(body: TCreateTicketRequest) {
  return apiRequest(helpdeskApi.add, { body });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.all }),
  });
}
