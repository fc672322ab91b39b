import { LinearProgress, Stack, Typography } from '@mui/material';
import { BUILDER_UPLOAD_TEXTS as T } from '@sim/shared';
import type { UploadStatus } from './use-file-upload';

/** The last upload of a control: a progress bar while uploading, then uploaded or error. */
export function UploadStatusLine({ status }: { status: UploadStatus | null }) {
  if (!status) return null;
  const text =
    status.state === 'uploading'
      ? T.uploading(status.fileName, status.progress)
      : status.state === 'uploaded'
        ? T.uploaded(status.fileName)
        : T.uploadError(status.fileName);
  return (
    <Stack spacing={0.5} role="status">
      <Typography variant="caption" color={status.state === 'error' ? 'error' : 'text.secondary'}>
        {text}
      </Typography>
      {status.state === 'uploading' && (
        <LinearProgress variant="determinate" value={status.progress} aria-label={text} />
      )}
    </Stack>
  );
}
