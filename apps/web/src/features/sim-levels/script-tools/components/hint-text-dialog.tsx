import { Button, TextField } from '@mui/material';
import { AUTHORING_LIMITS, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useSaveScriptFields } from '../api/save-script';
import type { ScriptDialogProps } from '../lib/dialog-props';
import { BusyButton, ErrorAlert, ToolBody, ToolDialog } from './tool-dialog';

/**
 * 'Add Hint Text' (authoring.md section 2): the hint the learner sees instead of the line on levels with hint
 * text on. Saved on the script with POST scripts (hint_text); an empty text removes the hint.
 */
export function HintTextDialog({ open, simId, script, onClose, onSaved }: ScriptDialogProps) {
  return (
    <ToolDialog open={open} title={T.hintTitle} onClose={onClose}>
      <HintForm simId={simId} script={script} onClose={onClose} onSaved={onSaved} />
    </ToolDialog>
  );
}

function HintForm({ simId, script, onClose, onSaved }: Omit<ScriptDialogProps, 'open'>) {
  const [text, setText] = useState(script.hint_text);
  const save = useSaveScriptFields();
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    setError(null);
    try {
      await save.mutateAsync({ _id: script._id, sim_id: simId, hint_text: text.trim() });
      onSaved();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <ToolBody
      actions={
        <>
          <Button onClick={onClose}>{T.cancel}</Button>
          <BusyButton busy={save.isPending} onClick={() => void onSave()}>
            {T.save}
          </BusyButton>
        </>
      }
    >
      <TextField
        label={T.hintLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: AUTHORING_LIMITS.hintTextMax } }}
      />
      <ErrorAlert message={error} onClose={() => setError(null)} />
    </ToolBody>
  );
}
