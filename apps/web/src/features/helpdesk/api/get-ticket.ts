import { helpdeskApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** A ticket whole: entries, attachments, sim, level, script and its audio (the detail dialog). */
export function getTicket(id: string, signal?: AbortSignal) {
  return apiRequest(helpdeskApi.get, { params: { id } }, { signal });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: helpdeskKeys.ticket(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    select: (data) => data.ticket,
    // a 404 is an answer (the ticket is gone), not a hiccup to retry
    retry: false,
  });
}

export function useTicket(id: string | null) {
  return useQuery({ ...ticketQueryOptions(id ?? ''), enabled: id !== null });
}
