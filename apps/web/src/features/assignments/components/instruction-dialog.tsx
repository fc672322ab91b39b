import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { ASSIGNMENT_LIMITS, LABELS, ASSIGNMENT_TEXTS as T, type TAssignment } from '@sim/shared';
import { useId, useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { useSaveAssignmentNotes } from '../api/save-assignment-notes';
import type { InstructionMode } from '../lib/assignment-rules';

interface InstructionDialogProps {
  row: TAssignment;
  mode: InstructionMode;
  /** view mode: show UPDATE disabled with the "no permission to update" tooltip (not for learners) */
  showDeniedUpdate: boolean;
  deniedText: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * The instruction of an assignment (section 2): view (read-only), add when blank, edit with notes_to_user
 * update. The server checks the permission again (create for a first instruction, update with edit).
 */
export function InstructionDialog({
  row,
  mode,
  showDeniedUpdate,
  deniedText,
  onClose,
  onSaved,
}: InstructionDialogProps) {
  const titleId = useId();
  const [text, setText] = useState(row.notes);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAssignmentNotes();
  const readOnly = mode === 'view';
  const unchanged = text.trim() === row.notes.trim();
  const blank = text.trim() === '';

  const submit = async () => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ id: row._id, assignment_notes: text.trim(), edit: mode === 'edit' });
      onSaved(answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.instructionTitles[mode]}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`${row.assignment} · ${row.assigned_to}`}
        </Typography>
        <TextField
          label={T.instructionLabel}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={4}
          fullWidth
          autoFocus={!readOnly}
          slotProps={{
            input: { readOnly },
            htmlInput: { maxLength: ASSIGNMENT_LIMITS.notesMax },
            inputLabel: { shrink: true },
          }}
          helperText={readOnly ? undefined : `${text.length} / ${ASSIGNMENT_LIMITS.notesMax}`}
        />
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {readOnly ? LABELS.close : LABELS.cancel}
        </Button>
        {readOnly ? (
          showDeniedUpdate ? (
            <PermissionTooltip allowed={false} title={deniedText}>
              <Button variant="contained" disabled>
                {T.update}
              </Button>
            </PermissionTooltip>
          ) : null
        ) : (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={save.isPending || unchanged || (mode === 'add' && blank)}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {mode === 'edit' ? T.update : T.save}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
