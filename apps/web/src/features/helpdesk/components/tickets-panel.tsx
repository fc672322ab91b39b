import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { HELPDESK_LIMITS, HELPDESK_TEXTS as T, TICKET_SORT_KEYS, type TicketFilters, type TTicket } from '@sim/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { SearchBox } from '../../../components/search-box';
import { type ListControls, listConfig, usePageInRange } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';
import { useTickets } from '../api/list-tickets';
import { ListPager } from './list-pager';
import { TicketStatusDialog } from './ticket-status-dialog';
import { TicketsTable } from './tickets-table';

export const TICKET_LIST = listConfig({
  sortKeys: TICKET_SORT_KEYS,
  sortBy: 'created_at',
  order: 'desc',
  limit: HELPDESK_LIMITS.pageSize,
  limits: [HELPDESK_LIMITS.pageSize],
});
export type TicketListControls = ListControls<(typeof TICKET_SORT_KEYS)[number]>;

interface TicketsPanelProps {
  list: TicketListControls;
  /** the page's list query (the page reads its stats for the chips and the tab) */
  query: ReturnType<typeof useTickets>;
  onOpen: (ticket: TTicket) => void;
}

/**
 * The list call of the filters and, while Help Requests shows (`fromUrl`), of the URL's list state; on the
 * other tab the first page of the whole list, for the chips' stats and the tab's count.
 */
export function useTicketList(list: TicketListControls, filters: TicketFilters, enabled: boolean, fromUrl: boolean) {
  const { state } = list;
  const shown = fromUrl
    ? { page: state.page, textSearch: state.textSearch, orderBy: state.sortBy, order: state.order }
    : { page: 0, textSearch: '', orderBy: TICKET_LIST.sortBy, order: TICKET_LIST.order ?? 'desc' };
  return useTickets({ ...shown, filters }, enabled);
}

/** Help Requests: the search (Enter or the button), the sortable table, 10 a page. */
export function TicketsPanel({ list, query, onOpen }: TicketsPanelProps) {
  const { can } = usePermissions();
  const [closing, setClosing] = useState<TTicket | null>(null);
  const { state } = list;
  usePageInRange(list, query.isFetching ? undefined : query.data?.total);
  const tickets = query.data?.tickets ?? [];
  return (
    <Stack spacing={2}>
      <SearchBox value={state.textSearch} onSearch={list.search} label={T.searchTickets} />
      {query.error && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box>
          {query.isFetching ? <LinearProgress /> : null}
          <TicketsTable
            tickets={tickets}
            sortBy={state.sortBy}
            order={state.order}
            onSort={list.sort}
            onOpen={onOpen}
            onCloseTicket={setClosing}
            canClose={can('tickets', 'update') && can('tickets', 'delete')}
            canDelete={can('tickets', 'delete')}
            loading={query.isPending}
            busy={query.isFetching}
          />
          {query.data && tickets.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {query.data.stats.total === 0 ? T.noTickets : T.noTicketsFound}
            </Typography>
          ) : null}
          <ListPager page={state.page} shown={tickets.length} total={query.data?.total ?? 0} onPage={list.setPage} />
        </Box>
      )}
      {closing ? (
        <TicketStatusDialog
          ticketId={closing._id}
          choices={['RESOLVED', 'REJECTED', 'CLOSED']}
          onClose={() => setClosing(null)}
        />
      ) : null}
    </Stack>
  );
}
