import { helpdeskApi } from '@sim/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** Gives a ticket to someone who handles tickets. */
export function assignTicket(input: { ticketId: string; userId: string }) {
  return apiRequest(helpdeskApi.assign, { body: { ticket_id: input.ticketId, assigned_to: input.userId } });
}

export function useAssignTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.all }),
  });
}

/** Who a ticket can be assigned to (asked for only by those who may assign). */
export function assigneesQueryOptions() {
  return queryOptions({
    queryKey: helpdeskKeys.assignees(),
    queryFn: ({ signal }) => apiRequest(helpdeskApi.assignees, {}, { signal }),
    select: (data) => data.users,
    staleTime: 60_000,
  });
}

export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(), enabled });
}
