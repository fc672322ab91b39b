import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUTHORING_TEXTS,
  autopopulateSummary,
  SCRIPT_TOOLS_MESSAGES as M,
  SCRIPT_TOOLS_TEXTS as T,
  type TAutopopulateTarget,
} from '@sim/shared';
import { useMemo, useState } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { errorMessage } from '../../../../lib/api-client';
import { useLayouts } from '../api/get-layouts';
import { useSaveScriptFields } from '../api/save-script';
import { initialTabKey, parseTimer, type TabOption, tabOptions, targetKey, targetOf } from '../lib/autopopulate';
import type { ScriptDialogProps } from '../lib/dialog-props';
import { BusyButton, ToolBody, ToolDialog } from './tool-dialog';

/**
 * 'Select Targets to fill in this level' (authoring.md section 2): the case fields the learner's screen
 * fills by itself 'Start after N Seconds' into the line. Fields come from the sim's Data Input layouts
 * (GET layoutData/fetch); saved on the script as autopopulate_timer and autopopulate_data.
 */
export function AutopopulateDialog({ open, simId, script, onClose, onSaved }: ScriptDialogProps) {
  return (
    <ToolDialog open={open} title={AUTHORING_TEXTS.autopopulateTitle} onClose={onClose} maxWidth="md">
      <Autopopulate simId={simId} script={script} onClose={onClose} onSaved={onSaved} />
    </ToolDialog>
  );
}

function Autopopulate({ simId, script, onClose, onSaved }: Omit<ScriptDialogProps, 'open'>) {
  const layouts = useLayouts(simId, true);
  const options = useMemo(() => tabOptions(layouts.data ?? []), [layouts.data]);
  const stored = script.autopopulate_data ?? [];
  const [timer, setTimer] = useState(String(script.autopopulate_timer ?? 0));
  const [tabKey, setTabKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<string, TAutopopulateTarget>>(
    () => new Map(stored.map((t) => [targetKey(t), t])),
  );
  const [timerError, setTimerError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveScriptFields();

  // until the author picks a tab, the tab of the first stored target is shown
  const currentKey = tabKey ?? initialTabKey(options, stored);
  const current = options.find((o) => o.key === currentKey) ?? null;

  const toggle = (target: TAutopopulateTarget, on: boolean) =>
    setSelected((map) => {
      const next = new Map(map);
      if (on) next.set(targetKey(target), target);
      else next.delete(targetKey(target));
      return next;
    });

  const onReset = () => {
    setTimer('0');
    setTabKey('');
    setSelected(new Map());
    setTimerError(null);
    setError(null);
  };

  const onSet = async () => {
    setError(null);
    const seconds = parseTimer(timer);
    if (seconds === null) {
      setTimerError(M.timerRange);
      return;
    }
    setTimerError(null);
    const targets = [...selected.values()];
    try {
      await save.mutateAsync({
        _id: script._id,
        sim_id: simId,
        autopopulate_timer: targets.length > 0 ? seconds : null,
        autopopulate_data: targets.length > 0 ? targets : null,
      });
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
          <Button onClick={onClose}>{T.close}</Button>
          <Button onClick={onReset} disabled={save.isPending}>
            {T.reset}
          </Button>
          <BusyButton busy={save.isPending} onClick={() => void onSet()}>
            {T.setAutopopulate}
          </BusyButton>
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, mb: 2 }}>
        <TextField
          label={T.startAfterLabel}
          value={timer}
          onChange={(e) => setTimer(e.target.value)}
          error={Boolean(timerError)}
          helperText={timerError ?? T.startAfter(parseTimer(timer) ?? 0)}
          sx={{ width: { sm: 220 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">{T.seconds}</InputAdornment> },
          }}
        />
        <TextField
          select
          label={T.selectTab}
          value={currentKey}
          onChange={(e) => setTabKey(e.target.value)}
          sx={{ minWidth: 240 }}
          disabled={options.length === 0}
        >
          <MenuItem value="">{T.none}</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.key} value={o.key}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {layouts.isPending ? <CircularProgress aria-label={T.selectTab} /> : null}
      {layouts.isError ? <ErrorState error={layouts.error} onRetry={() => void layouts.refetch()} /> : null}
      {layouts.isSuccess && options.length === 0 ? <Alert severity="info">{T.noLayout}</Alert> : null}
      {current ? <TabFields option={current} selected={selected} onToggle={toggle} /> : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {T.chosenFields(selected.size)}
        {selected.size > 0 ? `: ${autopopulateSummary([...selected.values()])}` : ''}
      </Typography>
      {error ? (
        <Alert severity="error" closeText={T.dismiss} onClose={() => setError(null)} sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
    </ToolBody>
  );
}

function TabFields({
  option,
  selected,
  onToggle,
}: {
  option: TabOption;
  selected: Map<string, TAutopopulateTarget>;
  onToggle: (target: TAutopopulateTarget, on: boolean) => void;
}) {
  const tab = option.layout.tabs[option.tabIndex];
  if (!tab) return null;
  const fields = tab.sections.flatMap((s) => s.fields);
  if (fields.length === 0) return <Typography>{T.noFields}</Typography>;
  return (
    <Box>
      {tab.sections.map((section, sectionIndex) =>
        section.fields.length === 0 ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: section names may repeat
          <Box key={sectionIndex} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
            <FormLabel component="legend">{section.section_name}</FormLabel>
            <FormGroup row>
              {section.fields.map((field, fieldIndex) => {
                const target = targetOf(option.layout, tab.tab_name, section.section_name, field);
                return (
                  <FormControlLabel
                    // biome-ignore lint/suspicious/noArrayIndexKey: field names may repeat
                    key={fieldIndex}
                    sx={{ minWidth: 220 }}
                    control={
                      <Checkbox
                        checked={selected.has(targetKey(target))}
                        onChange={(e) => onToggle(target, e.target.checked)}
                      />
                    }
                    label={field.field_title}
                  />
                );
              })}
            </FormGroup>
          </Box>
        ),
      )}
    </Box>
  );
}
