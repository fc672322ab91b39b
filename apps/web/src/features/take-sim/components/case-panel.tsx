import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  DATA_INPUT_MESSAGES,
  TAKE_SIM_TEXTS as T,
  TAKE_SIM_MESSAGES,
  type TLayout,
  type TLayoutType,
  TOAST_DURATIONS_MS,
  type TTakeSimStep,
} from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { LayoutFieldInput } from '../../../components/layout-field-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useCaseDetails } from '../api/case-details';
import { saveInputs } from '../api/save-inputs';
import {
  attemptInputs,
  caseNumberProblem,
  type FieldValues,
  fieldKey,
  initialValues,
  withAutopopulate,
  withCase,
} from '../lib/case-inputs';

interface CasePanelProps {
  layouts: readonly TLayout[];
  simId: string;
  attemptId: string;
  /** the current clip: its fields fill themselves after its timer when the level auto-populates */
  step: TTakeSimStep | null;
  autoPopulate: boolean;
}

/**
 * The case-data panel of an Internal Data sim: the sim's case and account layouts (tabs, sections, fields),
 * a case loaded by its number from the case service, auto-populated fields, and Save.
 */
export function CasePanel({ layouts, simId, attemptId, step, autoPopulate }: CasePanelProps) {
  const kinds = useMemo(() => [...new Set(layouts.map((l) => l.type))], [layouts]);
  const [kind, setKind] = useState<TLayoutType>(kinds[0] ?? 'case');
  const [values, setValues] = useState<FieldValues>(() => initialValues(layouts));
  const [caseInput, setCaseInput] = useState('');
  const [caseProblem, setCaseProblem] = useState<string | null>(null);
  const [caseNumber, setCaseNumber] = useState<number | null>(null);
  const toast = useToast();
  const [filledNote, setFilledNote] = useState<number | null>(null);
  const load = useCaseDetails();
  const save = useMutation({ mutationFn: () => saveInputs(simId, attemptId, attemptInputs(layouts, values)) });
  const caseId = useId();

  // auto-populate: the current clip's targets after its timer
  const targets = step?.autopopulate_data ?? null;
  const timer = step?.autopopulate_timer ?? 0;
  useEffect(() => {
    if (!autoPopulate || !targets || targets.length === 0) return;
    const handle = window.setTimeout(() => {
      setValues((old) => withAutopopulate(layouts, old, targets).values);
      setFilledNote(withAutopopulate(layouts, {}, targets).filled);
    }, Math.max(0, timer) * 1000);
    return () => window.clearTimeout(handle);
  }, [autoPopulate, targets, timer, layouts]);

  const loadCase = () => {
    const problem = caseNumberProblem(caseInput);
    setCaseProblem(problem);
    if (problem) return;
    load.mutate(caseInput.trim(), {
      onSuccess: (answer) => {
        setValues((old) => withCase(layouts, old, answer.details).values);
        setCaseNumber(answer.caseNumber);
        toast.show('success', DATA_INPUT_MESSAGES.caseLoaded);
      },
      onError: (error) =>
        toast.show(
          'error',
          error instanceof ApiError && error.status === 400 ? error.message : DATA_INPUT_MESSAGES.caseNotLoaded,
        ),
    });
  };

  const onSave = () =>
    save.mutate(undefined, {
      // the case screen's saved banner shows for 6 seconds (administration-and-support.md section 9)
      onSuccess: () =>
        toast.show('success', TAKE_SIM_MESSAGES.inputsSaved, { durationMs: TOAST_DURATIONS_MS.caseSaved }),
      onError: (error) => toast.show('error', errorMessage(error)),
    });

  const layout = layouts.find((l) => l.type === kind) ?? layouts[0];
  if (!layout) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} component="aside" aria-label={T.casePanel}>
        <Typography color="text.secondary">{T.noLayouts}</Typography>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" component="aside" aria-label={T.casePanel} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {T.casePanel}
        </Typography>
        {caseNumber !== null && <Chip size="small" color="primary" label={T.caseLoadedNumber(caseNumber)} />}
      </Stack>
      {kinds.length > 1 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={layout.type}
          onChange={(_e, value: TLayoutType | null) => value && setKind(value)}
          aria-label={T.caseKind}
          sx={{ mb: 2 }}
        >
          {kinds.map((k) => (
            <ToggleButton key={k} value={k}>
              {T.caseKinds[k] ?? k}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          loadCase();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}
      >
        <TextField
          id={caseId}
          size="small"
          label={T.caseNumber}
          value={caseInput}
          onChange={(e) => {
            setCaseInput(e.target.value);
            if (caseProblem) setCaseProblem(null);
          }}
          error={caseProblem !== null}
          helperText={caseProblem ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={load.isPending}
          startIcon={load.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.loadCase}
        </Button>
      </Box>
      {filledNote !== null && filledNote > 0 && (
        <Alert severity="info" onClose={() => setFilledNote(null)} sx={{ mb: 2 }}>
          {T.autopopulated(filledNote)}
        </Alert>
      )}
      <LayoutFields
        key={layout.type}
        layout={layout}
        values={values}
        onChange={(key, value) => setValues((old) => ({ ...old, [key]: value }))}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        {/* outlined: NEXT / ALL DONE stays the one primary action of the take-sim screen */}
        <Button
          variant="outlined"
          onClick={onSave}
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.saveInputs}
        </Button>
      </Box>
    </Paper>
  );
}

function LayoutFields({
  layout,
  values,
  onChange,
}: {
  layout: TLayout;
  values: FieldValues;
  onChange: (key: string, value: string) => void;
}) {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const tabIndex = Math.min(selected, Math.max(layout.tabs.length - 1, 0));
  const tab = layout.tabs[tabIndex];
  return (
    <Box>
      <Tabs
        value={tabIndex}
        onChange={(_e, value: number) => setSelected(value)}
        variant="scrollable"
        aria-label={T.caseKinds[layout.type] ?? layout.type}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {layout.tabs.map((t, i) => (
          <Tab key={t.tab_name} label={t.tab_name} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
        ))}
      </Tabs>
      {tab && (
        <Box role="tabpanel" id={`${id}-panel-${tabIndex}`} aria-labelledby={`${id}-tab-${tabIndex}`}>
          {tab.sections.map((section) => (
            <Box key={section.section_name} component="section" aria-label={section.section_name} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {section.section_name}
              </Typography>
              <Grid container spacing={1.5}>
                {section.fields.map((field) => {
                  const key = fieldKey(layout.type, tab.tab_name, section.section_name, field);
                  return (
                    <Grid key={key} size={12}>
                      <LayoutFieldInput field={field} value={values[key] ?? ''} onChange={(v) => onChange(key, v)} />
                    </Grid>
                  );
                })}
              </Grid>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
