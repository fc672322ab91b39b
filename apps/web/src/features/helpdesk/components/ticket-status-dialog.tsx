import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  CLOSE_STATUS_MESSAGES,
  HELPDESK_LIMITS as L,
  HELPDESK_MESSAGES as M,
  HELPDESK_TEXTS as T,
  type TicketCloseStatus,
} from '@sim/shared';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useCloseTicket } from '../api/close-ticket';

interface TicketStatusDialogProps {
  ticketId: string;
  /** the statuses offered, the first chosen (closing defaults to RESOLVED) */
  choices: readonly TicketCloseStatus[];
  onClose: () => void;
  /** the ticket is gone (404): the caller goes back */
  onGone?: () => void;
}

/** Resolve, reject, close or archive a ticket, with an optional message to the learner. */
export function TicketStatusDialog({ ticketId, choices, onClose, onGone }: TicketStatusDialogProps) {
  const titleId = useId();
  const toast = useToast();
  const [status, setStatus] = useState<TicketCloseStatus>(choices[0]);
  const [message, setMessage] = useState('');
  const change = useCloseTicket();

  const confirm = async () => {
    try {
      await change.mutateAsync({ ticketId, status, message: message.trim() });
      toast.show('success', CLOSE_STATUS_MESSAGES[status]);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.show('error', M.notFound);
        onClose();
        onGone?.();
        return;
      }
      toast.show('error', errorMessage(error));
    }
  };

  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{T.closeDialogTitle(status)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {choices.length > 1 ? (
            <RadioGroup
              aria-label={T.columns.status}
              value={status}
              onChange={(event) => setStatus(event.target.value as TicketCloseStatus)}
            >
              {choices.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={choice} />
              ))}
            </RadioGroup>
          ) : null}
          <TextField
            label={T.statusMessage}
            multiline
            minRows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: L.messageMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={change.isPending}>
          {status === 'ARCHIVED' ? T.archive : status}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
