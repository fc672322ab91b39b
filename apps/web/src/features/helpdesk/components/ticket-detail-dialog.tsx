import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { isOpenTicket, LABELS, HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T, type TicketCloseStatus } from '@sim/shared';
import { useEffect, useId, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { ApiError } from '../../../lib/api-client';
import { usePermissions, useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useTicket } from '../api/get-ticket';
import { ticketRights } from '../lib/ticket-rules';
import { DeleteTicketButton } from './delete-ticket-button';
import { TicketAssign } from './ticket-assign';
import { TicketAttachmentAdder } from './ticket-attachment-adder';
import { TicketConversation } from './ticket-conversation';
import { TicketFacts } from './ticket-facts';
import { TicketReplyBox } from './ticket-reply-box';
import { TicketStatusChip } from './ticket-status-chip';
import { TicketStatusDialog } from './ticket-status-dialog';

interface TicketDetailDialogProps {
  ticketId: string;
  onClose: () => void;
}

/**
 * A ticket (administration-and-support.md section 2): creator, assignee, sim, level, script, page,
 * attachments, the entries as a conversation and the reply box; Resolve / Reject only while PENDING or IN
 * PROGRESS, Close with update and delete, Delete with its warning. A ticket that is gone (404) says 'The item
 * you selected could not be found.' and the dialog closes (back to the list).
 */
export function TicketDetailDialog({ ticketId, onClose }: TicketDetailDialogProps) {
  const titleId = useId();
  const toast = useToast();
  const { permissions } = usePermissions();
  const { user } = useSession();
  const query = useTicket(ticketId);
  const [changing, setChanging] = useState<readonly TicketCloseStatus[] | null>(null);
  const gone = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (!gone) return;
    toast.show('error', M.notFound);
    onClose();
  }, [gone, onClose, toast]);

  const ticket = query.data;
  const userId = user?._id ?? null;
  const rights = ticket ? ticketRights(permissions, userId, ticket) : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{ticket ? T.ticketTitle(ticket.ticket_id) : T.helpRequests}</Box>
        {ticket ? <TicketStatusChip status={ticket.status} /> : null}
        <IconButton aria-label={LABELS.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <CircularProgress aria-label={LABELS.loading} />
          </Box>
        ) : ticket && rights ? (
          <Stack spacing={2}>
            <TicketFacts
              ticket={ticket}
              assign={rights.assign ? <TicketAssign ticket={ticket} userId={userId} /> : null}
            />
            {rights.attach ? <TicketAttachmentAdder ticketId={ticket._id} /> : null}
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {T.conversation}
            </Typography>
            <TicketConversation entries={ticket.entries} userId={userId} />
            <TicketReplyBox
              ticketId={ticket._id}
              allowed={rights.reply}
              reason={isOpenTicket(ticket.status) ? T.replyNoPermission : T.replyClosed(ticket.status)}
              onGone={onClose}
            />
          </Stack>
        ) : gone ? null : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </DialogContent>
      {ticket && rights ? (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <DeleteTicketButton
            ticketId={ticket._id}
            ticketNumber={ticket.ticket_id}
            allowed={rights.delete}
            onDeleted={onClose}
          />
          <Box sx={{ flexGrow: 1 }} />
          {rights.archive ? <Button onClick={() => setChanging(['ARCHIVED'])}>{T.archive}</Button> : null}
          {rights.decide ? (
            <Tooltip title={rights.close ? '' : T.noPermissionClose}>
              <span>
                <Button disabled={!rights.close} onClick={() => setChanging(['CLOSED'])}>
                  {T.close}
                </Button>
              </span>
            </Tooltip>
          ) : null}
          {rights.decide ? (
            <>
              <Button color="error" variant="outlined" onClick={() => setChanging(['REJECTED'])}>
                {T.reject}
              </Button>
              <Button color="success" variant="contained" onClick={() => setChanging(['RESOLVED'])}>
                {T.resolve}
              </Button>
            </>
          ) : null}
        </DialogActions>
      ) : null}
      {changing && ticket ? (
        <TicketStatusDialog
          ticketId={ticket._id}
          choices={changing}
          onClose={() => setChanging(null)}
          onGone={onClose}
        />
      ) : null}
    </Dialog>
  );
}
