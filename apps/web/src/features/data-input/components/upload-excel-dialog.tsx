import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import {
  DATA_INPUT_ACCEPT,
  DATA_INPUT_MESSAGES as M,
  DATA_INPUT_STEP_TEXTS as T,
  type TLayout,
  type TLayoutType,
} from '@sim/shared';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadLayoutTemplate, useUploadLayout } from '../api/layouts-api';
import { isLayoutFile } from '../lib/layout-values';

interface UploadExcelDialogProps {
  open: boolean;
  simId: string;
  type: TLayoutType;
  onClose: () => void;
  /** the uploaded layout and the server's message */
  onUploaded: (layout: TLayout, message: string) => void;
}

/** Upload Excel: the layout of the chosen type from an .xlsx or .csv file laid out like the template. */
export function UploadExcelDialog({ open, simId, type, onClose, onUploaded }: UploadExcelDialogProps) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLayout(simId);

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setProblem(null);
    upload.reset();
    onClose();
  };

  const choose = (chosen: File | undefined) => {
    upload.reset();
    if (!chosen) return;
    if (!isLayoutFile(chosen.name)) {
      setFile(null);
      setProblem(M.xlsxOnly);
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(
      { type, file },
      {
        onSuccess: (response) => {
          onUploaded(response.layout, response.message);
          setFile(null);
          upload.reset();
          onClose();
        },
      },
    );
  };

  const [templateError, setTemplateError] = useState<string | null>(null);
  const download = () => {
    setTemplateError(null);
    downloadLayoutTemplate().catch((error: unknown) => setTemplateError(errorMessage(error)));
  };

  const shownError = problem ?? (upload.error ? errorMessage(upload.error) : null) ?? templateError;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.uploadExcelTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{T.uploadExcelHint(T.typeLabels[type])}</DialogContentText>
          <Link component="button" type="button" onClick={download} sx={{ alignSelf: 'flex-start' }}>
            {T.downloadTemplate}
          </Link>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending}>
              {T.chooseFile}
            </Button>
            <Typography variant="body2">{file?.name ?? T.noFile}</Typography>
            <input
              ref={input}
              type="file"
              hidden
              accept={DATA_INPUT_ACCEPT}
              aria-label={T.excelInput}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Stack>
          {shownError && <Alert severity="error">{shownError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={!file || upload.isPending}
          startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
