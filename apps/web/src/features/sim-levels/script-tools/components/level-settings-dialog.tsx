import { Alert, Button, FormControlLabel, FormGroup, FormHelperText, Switch, Typography } from '@mui/material';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TIMEOUTS_MS,
  LEVEL_OPTIONS,
  type LevelOption,
  SCRIPT_TOOLS_TEXTS as T,
  type TLevel,
} from '@sim/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useSetLevelOption } from '../api/set-level-option';
import type { LevelDialogProps } from '../lib/dialog-props';
import { ToolBody, ToolDialog } from './tool-dialog';

const OPTIONS = Object.keys(LEVEL_OPTIONS) as LevelOption[];

interface OptionAlert {
  ok: boolean;
  message: string;
  detail?: string;
  id: number;
}

/**
 * Level Settings (DECISIONS.md section 3): keyword score, hint text, real-time feedback, send to the
 * external voice-recording service, screen recording and only keywords. Each switch calls its route and
 * changes only when the server confirms; 'Successfuly updated {option} feature' or 'Error in changing
 * {option} feature' shows for 5 seconds.
 */
export function LevelSettingsDialog({ open, sim, level, onClose, onChanged }: LevelDialogProps) {
  return (
    <ToolDialog open={open} title={T.settingsTitle(level.name)} onClose={onClose}>
      <LevelSettings simId={sim._id} level={level} onClose={onClose} onChanged={onChanged} />
    </ToolDialog>
  );
}

function LevelSettings({
  simId,
  level,
  onClose,
  onChanged,
}: {
  simId: string;
  level: TLevel;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [values, setValues] = useState<Record<LevelOption, boolean>>(() => valuesOf(level));
  const [busy, setBusy] = useState<LevelOption | null>(null);
  const [alert, setAlert] = useState<OptionAlert | null>(null);
  const setOption = useSetLevelOption();

  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), AUTHORING_TIMEOUTS_MS.levelOptionAlert);
    return () => window.clearTimeout(timer);
  }, [alert]);

  const toggle = async (option: LevelOption, value: boolean) => {
    setBusy(option);
    const name = LEVEL_OPTIONS[option];
    try {
      const response = await setOption.mutateAsync({ simId, levelId: level._id, option, value });
      setValues(valuesOf(response.level));
      setAlert({ ok: true, message: AUTHORING_MESSAGES.optionUpdated(name), id: Date.now() });
      onChanged();
    } catch (err) {
      setAlert({
        ok: false,
        message: AUTHORING_MESSAGES.optionFailed(name),
        detail: errorMessage(err),
        id: Date.now(),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <ToolBody actions={<Button onClick={onClose}>{T.close}</Button>}>
      {alert ? (
        <Alert
          key={alert.id}
          severity={alert.ok ? 'success' : 'error'}
          closeText={T.dismiss}
          onClose={() => setAlert(null)}
          sx={{ mb: 2 }}
        >
          {alert.message}
          {alert.detail ? <Typography variant="body2">{alert.detail}</Typography> : null}
        </Alert>
      ) : null}
      <FormGroup>
        {OPTIONS.map((option) => (
          <div key={option}>
            <FormControlLabel
              control={
                <Switch
                  checked={values[option]}
                  disabled={busy !== null}
                  onChange={(e) => void toggle(option, e.target.checked)}
                />
              }
              label={T.levelOptionLabels[option]}
            />
            <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 6 }}>{T.levelOptionHints[option]}</FormHelperText>
          </div>
        ))}
      </FormGroup>
    </ToolBody>
  );
}

function valuesOf(level: TLevel): Record<LevelOption, boolean> {
  return {
    keyword_score: level.keyword_score,
    hint_text: level.hint_text,
    real_time_feedback: level.real_time_feedback,
    send_to_snowfly: level.send_to_snowfly,
    screenRecording: level.screenRecording,
    only_keywords: level.only_keywords,
  };
}
