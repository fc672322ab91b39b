import DoneAll from '@mui/icons-material/DoneAll';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import {
  showsCloseAction,
  HELPDESK_TEXTS as T,
  TICKET_ROW_COLOURS,
  type TicketSortKey,
  type TTicket,
} from '@sim/shared';
import type { ReactNode } from 'react';
import { PersonAvatar } from '../../../components/person-avatar';
import { SortableHeader } from '../../../components/sortable-header';
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
}

const SORTED: [TicketSortKey, string][] = [
  ['creator', T.columns.creator],
  ['status', T.columns.status],
  ['sim', T.columns.sim],
  ['level', T.columns.level],
  ['script', T.columns.script],
  ['created_at', T.columns.created_at],
  ['owner', T.columns.owner],
];

function Person({ person }: { person: TTicket['created_by'] }) {
  if (!person) return <>{T.unassigned}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PersonAvatar name={person.full_name} src={person.profile_picture_url} />
      <span>{person.full_name}</span>
    </Stack>
  );
}

/**
 * The tickets of a page (section 2): the spec's sort columns, the first message with 'n more messages', row
 * colours by status; a row opens its ticket. The close action shows only for open tickets (hidden for
 * RESOLVED and REJECTED) and needs update and delete.
 */
export function TicketsTable(props: TicketsTableProps) {
  const cells = (t: TTicket): Record<TicketSortKey, ReactNode> => ({
    creator: <Person person={t.created_by} />,
    status: <TicketStatusChip status={t.status} />,
    sim: t.sim ?? T.none,
    level: t.level ? T.levelValue(t.level.order, t.level.name) : T.none,
    script: t.script ? T.scriptValue(t.script.order) : T.none,
    created_at: formatTicketDate(t.created_at),
    owner: <Person person={t.assigned_to} />,
  });
  return (
    <TableContainer>
      <Table size="small" aria-label={T.ticketsTable}>
        <TableHead>
          <TableRow>
            <TableCell>{T.columns.ticket}</TableCell>
            <TableCell>{T.columns.message}</TableCell>
            {SORTED.map(([column, label]) => (
              <SortableHeader
                key={column}
                column={column}
                sortBy={props.sortBy}
                order={props.order}
                onSort={props.onSort}
              >
                {label}
              </SortableHeader>
            ))}
            <TableCell>{T.columns.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.tickets.map((t) => {
            const row = cells(t);
            return (
              <TableRow
                key={t._id}
                hover
                data-status={t.status}
                sx={{ bgcolor: TICKET_ROW_COLOURS[t.status], cursor: 'pointer' }}
                onClick={() => props.onOpen(t)}
              >
                <TableCell>{`#${t.ticket_id}`}</TableCell>
                <TableCell>
                  <TicketMessageCell ticket={t} />
                </TableCell>
                {SORTED.map(([column]) => (
                  <TableCell key={column}>{row[column]}</TableCell>
                ))}
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Stack direction="row">
                    <Tooltip title={T.open(t.ticket_id)}>
                      <IconButton size="small" aria-label={T.open(t.ticket_id)} onClick={() => props.onOpen(t)}>
                        <OpenInNew fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {showsCloseAction(t.status) && props.canClose ? (
                      <Tooltip title={`${T.close} #${t.ticket_id}`}>
                        <IconButton
                          size="small"
                          aria-label={`${T.close} #${t.ticket_id}`}
                          onClick={() => props.onCloseTicket(t)}
                        >
                          <DoneAll fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    <DeleteTicketButton ticketId={t._id} ticketNumber={t.ticket_id} allowed={props.canDelete} />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
