import { Alert, Button, MenuItem, TextField, Typography } from '@mui/material';
import { AUTHORING_MESSAGES, SCRIPT_TOOLS_MESSAGES, SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useCopyHintText } from '../api/copy-hint-text';
import type { LevelDialogProps } from '../lib/dialog-props';
import { BusyButton, ToolBody, ToolDialog } from './tool-dialog';

/**
 * Copy Hints (authoring.md sections 7 and 8): the hint texts of this level's lines are imported into the
 * same lines of the level chosen (POST copy-hint-text: level_id this level, import_to_levelId the other).
 */
export function CopyHintsDialog({ open, sim, level, onClose, onChanged }: LevelDialogProps) {
  return (
    <ToolDialog open={open} title={T.copyHintsTitle} onClose={onClose}>
      <CopyHints sim={sim} level={level} onClose={onClose} onChanged={onChanged} />
    </ToolDialog>
  );
}

interface Outcome {
  ok: boolean;
  detail?: string;
}

function CopyHints({ sim, level, onClose, onChanged }: Omit<LevelDialogProps, 'open'>) {
  const others = sim.levels.filter((l) => l._id !== level._id);
  const [target, setTarget] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [missing, setMissing] = useState(false);
  const copy = useCopyHintText();

  const onImport = async () => {
    setOutcome(null);
    if (!target) {
      setMissing(true);
      return;
    }
    try {
      await copy.mutateAsync({ sim_id: sim._id, level_id: level._id, import_to_levelId: target });
      setOutcome({ ok: true });
      onChanged();
    } catch (err) {
      const message = errorMessage(err);
      setOutcome({ ok: false, detail: message === AUTHORING_MESSAGES.hintsNotImported ? undefined : message });
    }
  };

  return (
    <ToolBody
      actions={
        <>
          <Button onClick={onClose}>{T.close}</Button>
          <BusyButton busy={copy.isPending} disabled={others.length === 0} onClick={() => void onImport()}>
            {T.importHints}
          </BusyButton>
        </>
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {T.copyHintsIntro(level.name)}
      </Typography>
      {others.length === 0 ? (
        <Alert severity="info">{T.noOtherLevel}</Alert>
      ) : (
        <TextField
          select
          label={T.importInto}
          value={target}
          onChange={(e) => {
            setTarget(e.target.value);
            setMissing(false);
          }}
          error={missing}
          helperText={missing ? SCRIPT_TOOLS_MESSAGES.chooseLevel : undefined}
          fullWidth
        >
          {others.map((l) => (
            <MenuItem key={l._id} value={l._id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {outcome ? (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          closeText={T.dismiss}
          onClose={() => setOutcome(null)}
          sx={{ mt: 2 }}
        >
          {outcome.ok ? AUTHORING_MESSAGES.hintsImported : AUTHORING_MESSAGES.hintsNotImported}
          {outcome.detail ? <Typography variant="body2">{outcome.detail}</Typography> : null}
        </Alert>
      ) : null}
    </ToolBody>
  );
}
