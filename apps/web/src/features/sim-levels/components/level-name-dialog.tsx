import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { AUTHORING_LIMITS, AUTHORING_MESSAGES, CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';

interface LevelNameDialogProps {
  title: string;
  initial: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** Edit Level Name (and the name of a new level): the name is required. */
export function LevelNameDialog({ title, initial, busy, error, onSave, onClose }: LevelNameDialogProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const empty = name.trim() === '';
  const submit = () => {
    setTouched(true);
    if (!empty) onSave(name.trim());
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={T.levelName}
          value={name}
          autoFocus
          required
          fullWidth
          margin="dense"
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
          error={touched && empty}
          helperText={touched && empty ? AUTHORING_MESSAGES.levelNameRequired : undefined}
          slotProps={{ htmlInput: { maxLength: AUTHORING_LIMITS.levelNameMax } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || (touched && empty)}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
