import DoneAll from '@mui/icons-material/DoneAll';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { IconButton, Stack, Tooltip } from '@mui/material';
import {
  showsCloseAction,
  HELPDESK_TEXTS as T,
  TICKET_ROW_COLOURS,
  type TicketSortKey,
  type TTicket,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnShow, DataColumn } from '../../../components/data-table/types';
import { PersonAvatar } from '../../../components/person-avatar';
import type { SortOrder } from '../../../lib/list-state';
import { formatTicketDate } from '../lib/format';
import { DeleteTicketButton } from './delete-ticket-button';
import { TicketMessageCell } from './ticket-message-cell';
import { TicketStatusChip } from './ticket-status-chip';

interface TicketsTableProps {
  tickets: TTicket[];
  sortBy: TicketSortKey;
  order: SortOrder;
  onSort: (column: TicketSortKey) => void;
  onOpen: (ticket: TTicket) => void;
  onCloseTicket: (ticket: TTicket) => void;
  /** tickets update and delete: the row's close action */
  canClose: boolean;
  canDelete: boolean;
  /** the first answer is awaited */
  loading?: boolean;
  busy?: boolean;
}

function Person({ person }: { person: TTicket['created_by'] }) {
  if (!person) return <>{T.unassigned}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', '& > .MuiAvatar-root': { flexShrink: 0 } }}>
      <PersonAvatar name={person.full_name} src={person.profile_picture_url} />
      <span>{person.full_name}</span>
    </Stack>
  );
}

/** A sorted column of the spec: where it is at first (issue 31) and on a phone's card. */
const SORTED: { id: TicketSortKey; show: ColumnShow; card?: 'field'; cell: (t: TTicket) => ReactNode }[] = [
  { id: 'creator', show: 'default', card: 'field', cell: (t) => <Person person={t.created_by} /> },
  { id: 'status', show: 'always', card: 'field', cell: (t) => <TicketStatusChip status={t.status} /> },
  { id: 'sim', show: 'optional', cell: (t) => t.sim ?? T.none },
  { id: 'level', show: 'optional', cell: (t) => (t.level ? T.levelValue(t.level.order, t.level.name) : T.none) },
  { id: 'script', show: 'optional', cell: (t) => (t.script ? T.scriptValue(t.script.order) : T.none) },
  { id: 'created_at', show: 'default', card: 'field', cell: (t) => formatTicketDate(t.created_at) },
  { id: 'owner', show: 'default', cell: (t) => <Person person={t.assigned_to} /> },
];

/**
 * The tickets of a page (section 2): the spec's columns and sorts, the first message with 'n more messages',
 * row colours by status; a row opens its ticket. The close action shows only for open tickets (hidden for
 * RESOLVED and REJECTED) and needs update and delete. Issue 31: SIM, LEVEL and SCRIPT wait in each row's
 * details (the ticket shows them too) until "Columns" shows them; a card per ticket on a phone.
 */
export function TicketsTable(props: TicketsTableProps) {
  const columns: DataColumn<TTicket>[] = [
    { id: 'ticket', header: T.columns.ticket, show: 'always', card: 'title', cell: (t) => `#${t.ticket_id}` },
    {
      id: 'message',
      header: T.columns.message,
      show: 'always',
      card: 'field',
      wrap: true,
      cell: (t) => <TicketMessageCell ticket={t} />,
    },
    ...SORTED.map(({ id, show, card, cell }) => ({
      id,
      header: T.columns[id],
      sortable: true,
      show,
      card,
      cell,
      // people's names wrap rather than widen the table
      wrap: id === 'creator' || id === 'owner',
    })),
    {
      id: 'actions',
      header: T.columns.actions,
      show: 'always',
      controls: true,
      card: 'actions',
      cell: (t) => (
        <Stack direction="row">
          <Tooltip title={T.open(t.ticket_id)}>
            <IconButton size="small" aria-label={T.open(t.ticket_id)} onClick={() => props.onOpen(t)}>
              <OpenInNew fontSize="small" />
            </IconButton>
          </Tooltip>
          {showsCloseAction(t.status) && props.canClose ? (
            <Tooltip title={`${T.close} #${t.ticket_id}`}>
              <IconButton size="small" aria-label={`${T.close} #${t.ticket_id}`} onClick={() => props.onCloseTicket(t)}>
                <DoneAll fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <DeleteTicketButton ticketId={t._id} ticketNumber={t.ticket_id} allowed={props.canDelete} />
        </Stack>
      ),
    },
  ];
  return (
    <DataTable<TTicket>
      tableId="tickets"
      label={T.ticketsTable}
      columns={columns}
      rows={props.tickets}
      getRowId={(t) => t._id}
      rowTitle={(t) => `#${t.ticket_id}`}
      sort={{ by: props.sortBy, order: props.order, onSort: (column) => props.onSort(column as TicketSortKey) }}
      loading={props.loading}
      busy={props.busy}
      rowOptions={(t) => ({
        onOpen: () => props.onOpen(t),
        data: { status: t.status },
        sx: { bgcolor: TICKET_ROW_COLOURS[t.status] },
      })}
      detailsIn="actions"
    />
  );
}
