import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ASSIGNMENT_LIMITS, LABELS, CLASS_NOTE_TEXTS as T, type TClassNote, ZSaveClassNoteRequest } from '@sim/shared';
import { useId, useState } from 'react';
import { useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSaveClassNote } from '../api/save-class-note';

const ZNoteForm = ZSaveClassNoteRequest.pick({ notes: true });

interface NoteEditorDialogProps {
  /** the note to edit; null writes a new one */
  note: TClassNote | null;
  /** a new note's sim (the sim on screen), if any */
  simId: string | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add Note / Edit Note: the note's text (required, the shared limit); an edit sends the note's id. */
export function NoteEditorDialog({ note, simId, onClose, onSaved }: NoteEditorDialogProps) {
  const titleId = useId();
  const save = useSaveClassNote();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm(ZNoteForm, { defaultValues: { notes: note?.notes ?? '' } });

  const submit = handleSubmit(async ({ notes }) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(
        note ? { _id: note._id, notes, sim_id: note.sim_id } : { notes, ...(simId ? { sim_id: simId } : {}) },
      );
      onSaved(answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{note ? T.editNote : T.addNote}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={control}
            name="notes"
            label={T.noteLabel}
            rows={6}
            maxLength={ASSIGNMENT_LIMITS.classNoteMax}
            required
          />
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {LABELS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {T.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
