import { Stack } from '@mui/material';
import { HELPDESK_MESSAGES as M } from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../../lib/toast';
import { attachToTicket } from '../api/attach-to-ticket';
import { helpdeskKeys } from '../api/keys';
import { type UploadFn, useAttachmentUploads } from '../lib/use-attachment-uploads';
import { AttachmentDropZone } from './attachment-drop-zone';
import { AttachmentUploadList } from './attachment-upload-list';

/** More files for an open ticket (attachments/add), each with its progress; the ticket shows them once added. */
export function TicketAttachmentAdder({ ticketId, upload }: { ticketId: string; upload?: UploadFn }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useCallback<UploadFn>(
    (file, onProgress) => (upload ?? ((f, p) => attachToTicket(ticketId, f, p)))(file, onProgress),
    [ticketId, upload],
  );
  const uploads = useAttachmentUploads(send, {
    onUploaded: () => {
      toast.show('success', M.attachmentUploaded);
      void queryClient.invalidateQueries({ queryKey: helpdeskKeys.all });
    },
    onFailed: (_name, reason) => toast.show('error', reason ? `${M.attachmentFailed} ${reason}` : M.attachmentFailed),
  });
  return (
    <Stack spacing={1}>
      <AttachmentDropZone onFiles={uploads.add} />
      <AttachmentUploadList items={uploads.items.filter((i) => i.status !== 'uploaded')} onRemove={uploads.remove} />
    </Stack>
  );
}
