import { Alert, Button, Stack, TextField } from '@mui/material';
import { HELPDESK_LIMITS as L, HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useAddEntry } from '../api/add-entry';

interface TicketReplyBoxProps {
  ticketId: string;
  allowed: boolean;
  /** why a reply is not allowed (issue 31: said instead of a disabled box with no reason) */
  reason?: string;
  onGone: () => void;
}

/**
 * The reply box: Send reply disabled until text is typed and the update permission is held (section 5).
 * Without the right to reply, the box gives way to the reason (issue 31).
 */
export function TicketReplyBox({ ticketId, allowed, reason, onGone }: TicketReplyBoxProps) {
  const toast = useToast();
  const [text, setText] = useState('');
  const reply = useAddEntry();
  const send = async () => {
    try {
      await reply.mutateAsync({ ticketId, message: text.trim() });
      setText('');
      toast.show('success', M.updated);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.show('error', M.notFound);
        onGone();
        return;
      }
      toast.show('error', `${M.entryFailed} ${errorMessage(error)}`);
    }
  };
  if (!allowed)
    return (
      <Alert severity="info" variant="outlined" data-testid="reply-unavailable">
        {reason ?? T.replyNoPermission}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      <TextField
        label={T.replyLabel}
        multiline
        minRows={2}
        value={text}
        disabled={!allowed}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: L.messageMax } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <PermissionTooltip allowed={allowed} title={T.noPermissionReply}>
          <Button
            variant="contained"
            disabled={!allowed || text.trim() === '' || reply.isPending}
            onClick={() => void send()}
          >
            {T.sendReply}
          </Button>
        </PermissionTooltip>
      </Stack>
    </Stack>
  );
}
