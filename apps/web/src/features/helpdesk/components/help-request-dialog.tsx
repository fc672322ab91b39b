import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { helpPageName, HELPDESK_LIMITS as L, HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useCreateTicket } from '../api/create-ticket';
import { useHelpPlace } from '../api/get-help-place';
import { uploadAttachment } from '../api/upload-attachment';
import type { HelpContext } from '../lib/help-context';
import { type UploadFn, useAttachmentUploads } from '../lib/use-attachment-uploads';
import { AttachmentDropZone } from './attachment-drop-zone';
import { AttachmentUploadList } from './attachment-upload-list';

interface HelpRequestDialogProps {
  open: boolean;
  context: HelpContext;
  onClose: () => void;
  /** how a file is uploaded (the presigned URL and its PUT); tests give their own */
  upload?: UploadFn;
}

/**
 * The help-request dialog (administration-and-support.md section 2): a required message of at least 4 rows,
 * attachments dropped or browsed (several, each removable, each with its progress and state), sent with the
 * page path and, inside a level, the assignment, sim and level (the server adds the step the learner is on).
 */
export function HelpRequestDialog({ open, context, onClose, upload = uploadAttachment }: HelpRequestDialogProps) {
  const titleId = useId();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateTicket();
  const uploads = useAttachmentUploads(upload, {
    onUploaded: () => toast.show('success', M.attachmentUploaded),
    onFailed: (_name, reason) => toast.show('error', reason ? `${M.attachmentFailed} ${reason}` : M.attachmentFailed),
  });
  const empty = message.trim() === '';
  // the place by names (issue 31): the screen, and inside a level its sim, level and the learner's step
  const place = useHelpPlace(context, open);
  const inLevel = context.level_id !== null;
  const placeText = T.helpPlace({
    page: helpPageName(context.page),
    sim: place.data?.sim,
    level: place.data?.level,
    step: inLevel && place.data ? T.currentStep : null,
  });

  const close = () => {
    setMessage('');
    setTouched(false);
    uploads.reset();
    create.reset();
    onClose();
  };

  const send = async () => {
    setTouched(true);
    if (empty || uploads.uploading) return;
    try {
      await create.mutateAsync({
        message: message.trim(),
        page: context.page,
        sim_id: context.sim_id,
        level_id: context.level_id,
        assignment_id: context.assignment_id,
        script: -1,
        attachments: uploads.attachments,
      });
      toast.show('success', M.created);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.show('error', M.notFound);
        close();
        return;
      }
      toast.show('error', `${M.notCreated} ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.dialogTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={T.messageLabel}
            required
            multiline
            minRows={4}
            autoFocus
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && empty}
            helperText={touched && empty ? M.messageRequired : T.messageHelp}
            slotProps={{ htmlInput: { maxLength: L.messageMax } }}
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              {T.attachments}
            </Typography>
            <AttachmentDropZone onFiles={uploads.add} disabled={create.isPending} />
            <AttachmentUploadList items={uploads.items} onRemove={uploads.remove} />
          </Stack>
          <Typography variant="caption" color="text.secondary" data-testid="help-context">
            {`${T.context}: ${placeText}`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={empty || uploads.uploading || create.isPending}
        >
          {T.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
