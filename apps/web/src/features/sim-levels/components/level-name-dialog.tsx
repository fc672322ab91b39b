import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import {
  AUTHORING_LIMITS,
  AUTHORING_MESSAGES,
  LEVEL_RULE_MESSAGES,
  CREATE_LEVELS_TEXTS as T,
  takenLevelName,
} from '@sim/shared';
import { useId, useState } from 'react';

interface LevelNameDialogProps {
  title: string;
  initial: string;
  /** the sim's levels: a name one of them has (case and spacing aside) is refused here too */
  levels: readonly { _id: string; name: string }[];
  /** the level being renamed (its own name is not a clash) */
  levelId?: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** Edit Level Name (and the name of a new level): the name is required. */
export function LevelNameDialog({
  title,
  initial,
  levels,
  levelId,
  busy,
  error,
  onSave,
  onClose,
}: LevelNameDialogProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const empty = name.trim() === '';
  const taken = empty ? null : takenLevelName([name], levels, levelId);
  const problem = !touched
    ? undefined
    : empty
      ? AUTHORING_MESSAGES.levelNameRequired
      : taken
        ? LEVEL_RULE_MESSAGES.duplicateLevelName(taken.trim())
        : undefined;
  const submit = () => {
    setTouched(true);
    if (!empty && !taken) onSave(name.trim());
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
          error={problem !== undefined}
          helperText={problem}
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
        <Button variant="contained" onClick={submit} disabled={busy || problem !== undefined}>
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
