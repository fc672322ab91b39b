import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { LEVELS_IMPORT_TEXTS as I, type TLevel } from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { startMissingAudio } from '../api/audio-job';
import { levelKeys } from '../api/full-details';
import type { Notify } from './notify';

interface ImportedAudioOfferProps {
  simId: string;
  levels: TLevel[];
  notify: Notify;
  onClose: () => void;
}

/**
 * After an import (issue 15): what came in, and since imported lines have no audio, an offer to generate it
 * (one "generate all missing audio" job per imported level; their progress shows on the canvas).
 */
export function ImportedAudioOffer({ simId, levels, notify, onClose }: ImportedAudioOfferProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = levels.reduce((n, l) => n + l.totalScripts, 0);

  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      for (const level of levels) await startMissingAudio({ sim_id: simId, level_id: level._id });
      void queryClient.invalidateQueries({ queryKey: levelKeys.all });
      notify('success', I.audioStarted);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{I.audioTitle}</DialogTitle>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {I.imported(levels.map((l) => l.name))}
        </Alert>
        {lines > 0 && <DialogContentText>{I.audioQuestion(lines)}</DialogContentText>}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {lines > 0 ? I.later : I.close}
        </Button>
        {lines > 0 && (
          <Button variant="contained" onClick={() => void generate()} disabled={busy}>
            {I.generate}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
