import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  TextField,
} from '@mui/material';
import { ASSIGNMENT_TEXTS, LABELS, RESULT_LIMITS, RESULT_TEXTS } from '@sim/shared';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { errorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/session';
import { useAssessorNotes, useSaveAssessorNotes } from '../api/assessor-notes';
import { notesAccess } from '../lib/review-rules';

interface AssessorNotesDialogProps {
  /** the result (attempt) */
  attemptId: string;
  /** the result is the signed-in user's own (read-only) */
  ownResult: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * The assessor notes of a result (sections 2 and 5): add when none is written and the user may create, edit
 * when one is and they may update; otherwise a read-only area, and the save button disabled with "You don't
 * have permission to create" / "...to update". The server decides again.
 */
export function AssessorNotesDialog({ attemptId, ownResult, onClose, onSaved }: AssessorNotesDialogProps) {
  const titleId = useId();
  const notes = useAssessorNotes(attemptId);
  const { permissions } = usePermissions();
  // the learner's own result: nobody writes notes on their own, so no disabled UPDATE to wonder about (issue 31)
  const noSave = ownResult;
  const save = useSaveAssessorNotes();
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stored = notes.data?.assessor_notes ?? '';
  const text = draft ?? stored;
  const access = notesAccess({
    hasNote: stored.trim() !== '',
    permissions,
    ownResult,
  });

  const submit = async () => {
    setFailure(null);
    if (text.trim() === '') {
      setFailure(RESULT_TEXTS.notesRequired);
      return;
    }
    try {
      const answer = await save.mutateAsync({ attemptId, notes: text.trim(), edit: access.mode === 'edit' });
      onSaved(answer.message || RESULT_TEXTS.notesSaved);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const saveButton = (
    <Button
      variant="contained"
      onClick={() => void submit()}
      disabled={access.readOnly || save.isPending || !notes.isSuccess || text.trim() === stored.trim()}
      startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {access.mode === 'edit' || (access.readOnly && stored !== '') ? ASSIGNMENT_TEXTS.update : ASSIGNMENT_TEXTS.save}
    </Button>
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{RESULT_TEXTS.assessorNotes}</DialogTitle>
      <DialogContent>
        {notes.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : notes.isError ? (
          <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />
        ) : (
          <TextField
            label={RESULT_TEXTS.assessorNotes}
            value={text}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={5}
            fullWidth
            autoFocus={!access.readOnly}
            sx={{ mt: 1 }}
            slotProps={{
              input: { readOnly: access.readOnly },
              htmlInput: { maxLength: RESULT_LIMITS.assessorNotesMax },
              inputLabel: { shrink: true },
            }}
            helperText={access.readOnly ? undefined : `${text.length} / ${RESULT_LIMITS.assessorNotesMax}`}
          />
        )}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {access.readOnly ? LABELS.close : LABELS.cancel}
        </Button>
        {noSave ? null : (
          <PermissionTooltip allowed={!access.readOnly} title={access.deniedText}>
            {saveButton}
          </PermissionTooltip>
        )}
      </DialogActions>
    </Dialog>
  );
}
