import { Button, Typography } from '@mui/material';
import { AUTHORING_TEXTS, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useSaveKeywords } from '../api/save-keywords';
import type { ScriptDialogProps } from '../lib/dialog-props';
import { useKeywordEntry } from '../lib/keyword-entry';
import { KeywordTagInput } from './keyword-tag-input';
import { BusyButton, ErrorAlert, ToolBody, ToolDialog } from './tool-dialog';

/** 'Add Keyword' (authoring.md sections 2 and 5): the keyword tags of an agent line, saved with POST keywords. */
export function KeywordsDialog({ open, simId, script, onClose, onSaved }: ScriptDialogProps) {
  return (
    <ToolDialog open={open} title={T.keywordsTitle} onClose={onClose}>
      <KeywordsForm simId={simId} script={script} onClose={onClose} onSaved={onSaved} />
    </ToolDialog>
  );
}

function KeywordsForm({ simId, script, onClose, onSaved }: Omit<ScriptDialogProps, 'open'>) {
  const entry = useKeywordEntry(script.keywords);
  const save = useSaveKeywords();
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    setError(null);
    // what is still typed counts, as if Enter had been pressed
    const keywords = entry.text.trim() === '' ? entry.tags : entry.commit();
    if (keywords === null) return;
    try {
      await save.mutateAsync({ sim_id: simId, script_id: script._id, keywords });
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
      <Typography variant="body2" sx={{ mb: 2 }}>
        {AUTHORING_TEXTS.keywordDialogHint}
      </Typography>
      <KeywordTagInput entry={entry} label={T.keywordInput} autoFocus />
      <ErrorAlert message={error} onClose={() => setError(null)} />
    </ToolBody>
  );
}
