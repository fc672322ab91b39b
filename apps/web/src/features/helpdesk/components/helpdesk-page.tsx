import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T, type TicketFilter, ZRowId } from '@sim/shared';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListState } from '../../../lib/list-state';
import { usePermissions, useSession } from '../../../lib/session';
import { useReadyForReviewCount } from '../api/ready-for-review';
import { readTicketFilters, writeTicketFilters } from '../lib/ticket-filters-storage';
import { firstHelpdeskTab, reviewAccess } from '../lib/ticket-rules';
import { HelpdeskSummaryCard } from './helpdesk-summary-card';
import { REVIEW_LIST, ReadyForReviewPanel } from './ready-for-review-panel';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { TICKET_LIST, TicketsPanel, useTicketList } from './tickets-panel';

const TAB_PARAM = { help: '0', review: '1' } as const;
type HelpdeskTab = keyof typeof TAB_PARAM;

/**
 * /helpdesk (administration-and-support.md section 2): the summary on a strip above (greeting, counts,
 * filter toggles kept in local storage; issue 31: no longer a card beside the tabs); below it the tabs Help Requests (n) and Ready For Review (n)
 * — users with all-assignments view start on Ready For Review, others on Help Requests (?tab=0 / ?tab=1) —
 * and the open ticket (?ticket=<id>) in its dialog.
 */
export function HelpdeskPage() {
  const { can } = usePermissions();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const seesTickets = can('tickets', 'view');
  const review = reviewAccess(can);
  const asked = params.get('tab');
  const tab: HelpdeskTab = !seesTickets
    ? 'review'
    : asked === TAB_PARAM.review
      ? 'review'
      : asked === TAB_PARAM.help
        ? 'help'
        : firstHelpdeskTab(can);

  const ticketList = useListState(TICKET_LIST);
  const reviewList = useListState(REVIEW_LIST);
  const [filters, setFilters] = useState(() => readTicketFilters());
  const tickets = useTicketList(ticketList, filters, seesTickets, tab === 'help');
  const readyCount = useReadyForReviewCount(review === 'list');
  const openId = params.get('ticket');
  const ticketId = openId && ZRowId.safeParse(openId).success ? openId : null;

  const toggle = (filter: TicketFilter) => {
    const next = { ...filters, [filter]: !filters[filter] };
    writeTicketFilters(next);
    setFilters(next);
    if (ticketList.state.page !== 0) ticketList.setPage(0);
  };
  const chooseTab = (next: HelpdeskTab) => setParams({ tab: TAB_PARAM[next] });
  const openTicket = (id: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('ticket', id);
      return n;
    });
  const closeTicket = useCallback(
    () =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.delete('ticket');
          return n;
        },
        { replace: true },
      ),
    [setParams],
  );

  const stats = tickets.data?.stats;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <HelpdeskSummaryCard
        name={name}
        pictureUrl={user?.profile_pic_url ?? null}
        stats={stats}
        readyForReview={review === 'list' ? (readyCount.data ?? 0) : null}
        filters={filters}
        onToggle={toggle}
      />
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Tabs value={tab} onChange={(_, next: HelpdeskTab) => chooseTab(next)} aria-label={T.tabsLabel} sx={{ mb: 2 }}>
          {seesTickets ? <Tab value="help" label={`${T.helpRequests} (${stats?.total ?? 0})`} /> : null}
          <Tab value="review" label={`${T.readyForReview} (${review === 'list' ? (readyCount.data ?? 0) : 0})`} />
        </Tabs>
        {tab === 'help' ? (
          <TicketsPanel list={ticketList} query={tickets} onOpen={(t) => openTicket(t._id)} />
        ) : review === 'list' ? (
          <ReadyForReviewPanel list={reviewList} />
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {review === 'noPermission' ? M.noPermissionView : M.noAssignments}
          </Typography>
        )}
      </Paper>
      {ticketId && seesTickets ? <TicketDetailDialog key={ticketId} ticketId={ticketId} onClose={closeTicket} /> : null}
    </Box>
  );
}
