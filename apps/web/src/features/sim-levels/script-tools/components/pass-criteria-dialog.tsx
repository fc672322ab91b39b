import { Alert, Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TIMEOUTS_MS,
  PASS_CRITERIA_TEXTS as P,
  PRODUCT_TYPE_VOICE_ONLY,
  SCRIPT_TOOLS_TEXTS as T,
} from '@sim/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { TimedAlert, useTimedAlert } from '../../../../components/timed-alert';
import { errorMessage } from '../../../../lib/api-client';
import { useRemoveCriteria } from '../api/remove-criteria';
import { useSetCriteria } from '../api/set-criteria';
import type { LevelDialogProps } from '../lib/dialog-props';
import {
  type CriteriaValues,
  criteriaErrors,
  criteriaRequest,
  initialCriteria,
  THRESHOLDS,
  type Threshold,
} from '../lib/pass-criteria-form';
import { BusyButton, ToolBody, ToolDialog } from './tool-dialog';

/**
 * Set Pass Criteria (authoring.md sections 2 and 4): keyword, typing, data-selection and overall accuracy
 * thresholds in percent, each with 'NA', and allow skip levels. One level per sim carries the criteria:
 * setting them when they are already set (on this level or another) asks first, with a warning (section
 * 4); Unset removes them from this level.
 */
export function PassCriteriaDialog({ open, sim, level, onClose, onChanged }: LevelDialogProps) {
  return (
    <ToolDialog open={open} title={T.passCriteriaTitle} onClose={onClose}>
      <PassCriteria sim={sim} level={level} onClose={onClose} onChanged={onChanged} />
    </ToolDialog>
  );
}

function PassCriteria({ sim, level, onClose, onChanged }: Omit<LevelDialogProps, 'open'>) {
  const passFail = sim.pass_fail;
  const [carrierId, setCarrierId] = useState<string | null>(passFail?.sim_level_id ?? null);
  const [form, setForm] = useState<CriteriaValues>(() =>
    initialCriteria(
      passFail?.sim_level_id === level._id ? passFail : null,
      sim.product_type.includes(PRODUCT_TYPE_VOICE_ONLY),
    ),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [confirmMove, setConfirmMove] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = useTimedAlert(AUTHORING_TIMEOUTS_MS.passCriteriaAlert);
  const setCriteria = useSetCriteria();
  const removeCriteria = useRemoveCriteria();

  const errors = showErrors ? criteriaErrors(form) : {};
  const carriedHere = carrierId === level._id;
  const elsewhere = carrierId !== null && !carriedHere ? sim.levels.find((l) => l._id === carrierId) : undefined;
  const busy = setCriteria.isPending || removeCriteria.isPending;

  const save = async () => {
    setConfirmMove(false);
    setError(null);
    try {
      await setCriteria.mutateAsync(criteriaRequest(sim._id, level._id, form));
      setCarrierId(level._id);
      notice.show('success', AUTHORING_MESSAGES.criteriaSet);
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const onSet = () => {
    setShowErrors(true);
    if (Object.keys(criteriaErrors(form)).length > 0) return;
    if (carrierId !== null) setConfirmMove(true);
    else void save();
  };

  const onUnset = async () => {
    setError(null);
    try {
      const response = await removeCriteria.mutateAsync({ sim_id: sim._id, sim_level_id: level._id });
      setCarrierId(null);
      notice.show('success', response.message);
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const setValue = (t: Threshold, value: string) => setForm((f) => ({ ...f, values: { ...f.values, [t]: value } }));
  const setNa = (t: Threshold, na: boolean) => setForm((f) => ({ ...f, na: { ...f.na, [t]: na } }));

  return (
    <ToolBody
      actions={
        <>
          <Button onClick={onClose}>{T.close}</Button>
          <BusyButton
            busy={removeCriteria.isPending}
            disabled={!carriedHere || setCriteria.isPending}
            variant="outlined"
            onClick={() => void onUnset()}
          >
            {T.unset}
          </BusyButton>
          <BusyButton busy={setCriteria.isPending} disabled={removeCriteria.isPending} onClick={onSet}>
            {T.set}
          </BusyButton>
        </>
      }
    >
      <TimedAlert alert={notice.alert} />
      {carriedHere ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.criteriaOnThisLevel}
        </Alert>
      ) : null}
      <Stack spacing={2} sx={{ mt: 1 }}>
        {THRESHOLDS.map((t) => (
          <Stack key={t} direction="row" spacing={2} alignItems="flex-start">
            <TextField
              label={T.thresholdLabels[t]}
              type="number"
              value={form.values[t]}
              onChange={(e) => setValue(t, e.target.value)}
              disabled={form.na[t] || busy}
              error={Boolean(errors[t])}
              helperText={errors[t]}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 'any' } }}
            />
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  checked={form.na[t]}
                  onChange={(e) => setNa(t, e.target.checked)}
                  disabled={busy}
                  slotProps={{ input: { 'aria-label': T.notApplicableOf(T.thresholdLabels[t]) } }}
                />
              }
              label={T.notApplicable}
            />
          </Stack>
        ))}
        <FormControlLabel
          control={
            <Checkbox
              checked={form.allowSkipLevels}
              onChange={(e) => setForm((f) => ({ ...f, allowSkipLevels: e.target.checked }))}
              disabled={busy}
            />
          }
          label={T.allowSkipLevels}
        />
      </Stack>
      {error ? (
        <Alert severity="error" closeText={T.dismiss} onClose={() => setError(null)} sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirmMove}
        title={carriedHere ? P.replaceTitle : T.criteriaElsewhereTitle}
        message={carriedHere ? P.replaceHere : T.criteriaElsewhere(elsewhere?.name ?? '')}
        confirmLabel={T.confirm}
        busy={setCriteria.isPending}
        onConfirm={() => void save()}
        onCancel={() => setConfirmMove(false)}
      />
    </ToolBody>
  );
}
