import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { type AlertColor, Box, IconButton, Link, Stack, Typography } from '@mui/material';
import { type SimMediaField, BUILDER_UPLOAD_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PermissionTooltip } from '../../../../components/permission-tooltip';
import { errorMessage } from '../../../../lib/api-client';
import { type OnProgress, removeMedia, type SimUploads } from '../../api/uploads-api';
import { FilePickerHeader } from './file-picker-header';
import { UploadStatusLine } from './upload-status-line';
import { uploadFailure, useFileUpload } from './use-file-upload';

export type Notify = (severity: AlertColor, message: string) => void;

/** What a media control shows once a file is there. */
export interface CurrentMedia {
  name: string;
  url: string;
  /** shown with a player */
  video: boolean;
}

export interface MediaUploadProps {
  simId: string | null;
  title: string;
  chooseLabel: string;
  inputLabel: string;
  accept: string;
  hint?: string;
  openLabel?: string;
  current: CurrentMedia | null;
  /** the refusal message for a file that must not be sent, or null */
  check: (file: File) => string | null;
  send: (simId: string, file: File, onProgress: OnProgress) => Promise<Partial<SimUploads>>;
  messages: { uploaded: string; failed: string };
  removeField: SimMediaField;
  removeTitle: string;
  /** the sim's fields once removed */
  cleared: Partial<SimUploads>;
  notify: Notify;
  onChange: (change: Partial<SimUploads>) => void;
  /** the read-only builder: the file can be opened, not changed; why (the tooltip) */
  locked?: string | null;
}

/** One file of the sim (tutorial video, learning package, demo video): upload with progress, show, remove. */
export function MediaUpload(props: MediaUploadProps) {
  const { simId, title, current, notify, onChange, locked = null } = props;
  const { status, run, busy } = useFileUpload();
  const [confirming, setConfirming] = useState(false);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file || simId === null) return;
    const refusal = props.check(file);
    if (refusal) return notify('error', refusal);
    run(file, (onProgress) => props.send(simId, file, onProgress)).then(
      (change) => {
        onChange(change);
        notify('success', props.messages.uploaded);
      },
      (error: unknown) => notify('error', uploadFailure(error, props.messages.failed)),
    );
  };

  const remove = () => {
    if (simId === null) return;
    setRemoveBusy(true);
    setRemoveError(null);
    removeMedia(simId, props.removeField).then(
      () => {
        onChange(props.cleared);
        setConfirming(false);
        setRemoveBusy(false);
      },
      (error: unknown) => {
        setRemoveError(errorMessage(error));
        setRemoveBusy(false);
      },
    );
  };

  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <FilePickerHeader
        title={title}
        buttonLabel={props.chooseLabel}
        accept={props.accept}
        inputLabel={props.inputLabel}
        disabled={simId === null || busy}
        locked={locked}
        onFile={choose}
      />
      {props.hint && (
        <Typography variant="caption" color="text.secondary">
          {props.hint}
        </Typography>
      )}
      <UploadStatusLine status={status} />
      {current ? (
        <Stack spacing={1}>
          {current.video && (
            <Box
              component="video"
              controls
              preload="metadata"
              src={current.url}
              aria-label={current.name}
              sx={{ width: '100%', maxHeight: 240, bgcolor: 'common.black', borderRadius: 1 }}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link
              href={current.url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
              aria-label={props.openLabel ?? T.open(current.name)}
            >
              {current.name}
            </Link>
            <PermissionTooltip allowed={locked === null} title={locked ?? ''}>
              <IconButton
                aria-label={T.removeNamed(current.name)}
                size="small"
                disabled={locked !== null}
                onClick={() => setConfirming(true)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </PermissionTooltip>
          </Stack>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.none}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={props.removeTitle}
        message={T.removeMediaMessage(current?.name ?? '')}
        confirmLabel={T.removeConfirm}
        busy={removeBusy}
        error={removeError && <Typography color="error">{removeError}</Typography>}
        onConfirm={remove}
        onCancel={() => {
          setConfirming(false);
          setRemoveError(null);
        }}
      />
    </Stack>
  );
}
