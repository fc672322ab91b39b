import { helpdeskApi, type TTicketListRequest } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { helpdeskKeys } from './keys';

/** A page of tickets with the stats of the filter chips (POST /help-desk/tickets/list). */
export function listTickets(body: TTicketListRequest, signal?: AbortSignal) {
  return apiRequest(helpdeskApi.list, { body }, { signal });
}

export function ticketsQueryOptions(body: TTicketListRequest) {
  return queryOptions({
    queryKey: helpdeskKeys.list(body),
    queryFn: ({ signal }) => listTickets(body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(body: TTicketListRequest, enabled = true) {
  return useQuery({ ...ticketsQueryOptions(body), enabled });
}
