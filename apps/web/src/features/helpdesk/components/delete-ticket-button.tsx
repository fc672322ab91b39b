import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { IconButton, Tooltip } from '@mui/material';
import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useDeleteTicket } from '../api/delete-ticket';

interface DeleteTicketButtonProps {
  ticketId: string;
  ticketNumber: number;
  allowed: boolean;
  onDeleted?: () => void;
}

/** Delete, with the tooltip that it cannot be undone (section 2) and a confirmation. */
export function DeleteTicketButton({ ticketId, ticketNumber, allowed, onDeleted }: DeleteTicketButtonProps) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteTicket();
  const confirm = async () => {
    try {
      await remove.mutateAsync(ticketId);
      toast.show('success', M.deleted);
      setAsking(false);
      onDeleted?.();
    } catch (error) {
      setAsking(false);
      toast.show(
        'error',
        error instanceof ApiError && error.status === 404 ? M.notFound : `${M.deleteFailed} ${errorMessage(error)}`,
      );
      if (error instanceof ApiError && error.status === 404) onDeleted?.();
    }
  };
  return (
    <>
      <Tooltip title={allowed ? T.deleteTooltip : T.noPermissionDelete}>
        <span style={{ display: 'inline-flex' }}>
          <IconButton
            size="small"
            aria-label={`${T.delete} #${ticketNumber}`}
            disabled={!allowed}
            onClick={() => setAsking(true)}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={T.deleteTitle}
        message={T.deleteMessage}
        confirmLabel={T.deleteConfirm}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
