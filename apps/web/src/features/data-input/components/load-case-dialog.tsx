import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { DATA_INPUT_MESSAGES as M, DATA_INPUT_STEP_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCaseIds, useLoadCase } from '../api/layouts-api';
import { digitsOnly } from '../lib/layout-values';

interface LoadCaseDialogProps {
  open: boolean;
  onClose: () => void;
  /** the case's details, keyed by attribute name */
  onLoaded: (details: Record<string, string>) => void;
}

/** Load Case Details (case layout only): a numeric case number, picked from the known ones or typed. */
export function LoadCaseDialog({ open, onClose, onLoaded }: LoadCaseDialogProps) {
  const titleId = useId();
  const [caseNumber, setCaseNumber] = useState('');
  const ids = useCaseIds(open);
  const load = useLoadCase();

  const close = () => {
    if (load.isPending) return;
    setCaseNumber('');
    load.reset();
    onClose();
  };

  const submit = () => {
    if (caseNumber === '') return;
    load.mutate(caseNumber, {
      onSuccess: (response) => {
        onLoaded(response.details);
        setCaseNumber('');
        load.reset();
        onClose();
      },
    });
  };

  const options = (ids.data ?? []).map(String);
  // the spec's message for a case that cannot be loaded; a refused input keeps the server's
  const failure = load.error
    ? load.error instanceof ApiError && load.error.status === 400
      ? load.error.message
      : M.caseNotLoaded
    : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{T.loadCaseTitle}</DialogTitle>
      <DialogContent>
        <Autocomplete
          freeSolo
          options={options}
          inputValue={caseNumber}
          onInputChange={(_e, value) => {
            setCaseNumber(digitsOnly(value));
            if (load.isError) load.reset();
          }}
          loading={ids.isPending}
          noOptionsText={T.noKnownCases}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              margin="dense"
              label={T.caseNumber}
              helperText={ids.data && ids.data.length === 0 ? T.noKnownCases : T.knownCases}
              slotProps={{ htmlInput: { ...params.inputProps, inputMode: 'numeric' } }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && caseNumber !== '') submit();
              }}
            />
          )}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
        {ids.isError && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {ids.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={load.isPending}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={caseNumber === '' || load.isPending}
          startIcon={load.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.load}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
