import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import {
  AUTHORING_MESSAGES,
  EXCEL_LEVELS,
  LEVELS_IMPORT_TEXTS as I,
  CREATE_LEVELS_MESSAGES as M,
  CREATE_LEVELS_TEXTS as T,
  type TLevel,
} from '@sim/shared';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { downloadLevelsTemplate, useUploadLevels } from '../api/sim-actions';
import { ImportedAudioOffer } from './imported-audio-offer';
import type { Notify } from './notify';

interface ImportLevelsDialogProps {
  simId: string;
  levelCount: number;
  onClose: () => void;
  onImported: (message: string, firstLevelId: string | null) => void;
  notify: Notify;
}

/**
 * The message of a refused upload. The spec's client shows 'More than 5 levels are not allowed for a sim.'
 * for a 400 answer (authoring.md section 5): the server's 400 for too many levels carries that text, so the
 * server's message is shown; a 400 without one (not the server's error body) shows the spec's text. Other
 * 400s (a bad row) keep their own reason.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.code === 'HTTP_400')
    return AUTHORING_MESSAGES.maxLevels;
  return errorMessage(error);
}

/**
 * Import: download the levels template, fill it in and upload it (.xlsx or .csv). A successful import says
 * which levels came in, and offers to generate the audio of their lines (an import carries none).
 */
export function ImportLevelsDialog({ simId, levelCount, onClose, onImported, notify }: ImportLevelsDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const upload = useUploadLevels(simId);
  const [imported, setImported] = useState<TLevel[] | null>(null);

  const submit = () => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    upload.mutate(
      { sim_id: simId, levelCount, file },
      {
        onSuccess: (answer) => {
          onImported(
            `${answer.message.trim()}. ${I.imported(answer.levels.map((l) => l.name))}`,
            answer.levels[0]?._id ?? null,
          );
          setImported(answer.levels);
        },
      },
    );
  };

  if (imported) return <ImportedAudioOffer simId={simId} levels={imported} notify={notify} onClose={onClose} />;

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.importTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.importHint}</DialogContentText>
        <Stack spacing={2}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            onClick={() => {
              setTemplateError(null);
              downloadLevelsTemplate().catch((error: unknown) => setTemplateError(errorMessage(error)));
            }}
          >
            {T.downloadTemplate}
          </Button>
          {templateError && <Alert severity="error">{templateError}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
              {T.chooseFile}
              <input
                id={inputId}
                hidden
                type="file"
                accept={EXCEL_LEVELS.extensions.join(',')}
                data-testid="levels-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setMissingFile(false);
                  upload.reset();
                }}
              />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file?.name ?? T.noFileChosen}
            </Typography>
          </Stack>
          {missingFile && <Alert severity="warning">{M.chooseFile}</Alert>}
          {upload.isError && <Alert severity="error">{uploadErrorMessage(upload.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {T.close}
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending}>
          {T.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
