import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { IconButton, List, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import {
  attachmentMimeType,
  cutAttachmentName,
  UPLOAD_MESSAGES as M,
  BUILDER_UPLOAD_TEXTS as T,
  type TSimDocument,
  UPLOAD_ACCEPT,
  UPLOAD_LIMITS,
} from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PermissionTooltip } from '../../../../components/permission-tooltip';
import { errorMessage } from '../../../../lib/api-client';
import { removeDocument, type SimUploads, uploadAttachment } from '../../api/uploads-api';
import { FilePickerHeader } from './file-picker-header';
import type { Notify } from './media-upload';
import { UploadStatusLine } from './upload-status-line';
import { uploadFailure, useFileUpload } from './use-file-upload';

interface AttachmentsUploadProps {
  simId: string | null;
  documents: TSimDocument[];
  notify: Notify;
  onChange: (change: Partial<SimUploads>) => void;
  /** the read-only builder: documents can be opened, not added or removed; why (the tooltip) */
  locked?: string | null;
}

/** The sim's documents (at most 5): upload through a presigned URL, open, remove. */
export function AttachmentsUpload({ simId, documents, notify, onChange, locked = null }: AttachmentsUploadProps) {
  const { status, run, busy } = useFileUpload();
  const [removing, setRemoving] = useState<TSimDocument | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file || simId === null) return;
    if (documents.length >= UPLOAD_LIMITS.maxAttachments) return notify('error', M.maxAttachments);
    const mimeType = attachmentMimeType(file.name);
    if (!mimeType) return notify('error', M.attachmentType);
    if (file.size > UPLOAD_LIMITS.attachmentMaxBytes) return notify('error', M.attachmentTooLarge);
    run(file, (onProgress) => uploadAttachment(simId, file, mimeType, onProgress)).then(
      (response) => {
        onChange({ documents: response.documents });
        notify('success', M.attachmentUploaded);
      },
      (error: unknown) => notify('error', uploadFailure(error, M.attachmentFailed)),
    );
  };

  const remove = () => {
    if (!removing || simId === null) return;
    setRemoveBusy(true);
    setRemoveError(null);
    removeDocument(simId, removing.id).then(
      (response) => {
        onChange({ documents: response.documents });
        setRemoving(null);
        setRemoveBusy(false);
      },
      (error: unknown) => {
        setRemoveError(errorMessage(error));
        setRemoveBusy(false);
      },
    );
  };

  return (
    <Stack spacing={1} component="section" aria-label={T.attachments}>
      <FilePickerHeader
        title={`${T.attachments} (${documents.length}/${UPLOAD_LIMITS.maxAttachments})`}
        buttonLabel={T.addAttachment}
        accept={UPLOAD_ACCEPT.attachment}
        inputLabel={T.attachmentInput}
        disabled={simId === null || busy}
        locked={locked}
        onFile={choose}
      />
      <UploadStatusLine status={status} />
      {documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noAttachments}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={T.attachments}>
          {documents.map((doc) => (
            <ListItem
              key={doc.id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    component="a"
                    href={doc.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={T.open(doc.fileName)}
                    size="small"
                  >
                    <OpenInNew fontSize="small" />
                  </IconButton>
                  <PermissionTooltip allowed={locked === null} title={locked ?? ''}>
                    <IconButton
                      aria-label={T.removeNamed(doc.fileName)}
                      size="small"
                      disabled={locked !== null}
                      onClick={() => setRemoving(doc)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </PermissionTooltip>
                </Stack>
              }
            >
              <Tooltip title={doc.fileName}>
                <ListItemText primary={cutAttachmentName(doc.fileName)} sx={{ pr: 10 }} />
              </Tooltip>
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={T.removeAttachmentTitle}
        message={T.removeAttachmentMessage(removing?.fileName ?? '')}
        confirmLabel={T.removeConfirm}
        busy={removeBusy}
        error={removeError && <Typography color="error">{removeError}</Typography>}
        onConfirm={remove}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
      />
    </Stack>
  );
}
