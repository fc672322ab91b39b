import PrintOutlined from '@mui/icons-material/PrintOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TBuilderSim } from '@sim/shared';
import {
  LAST_WIZARD_STEP,
  LAYOUT_TYPES,
  DATA_INPUT_MESSAGES as M,
  DATA_INPUT_STEP_TEXTS as T,
  type TLayout,
  type TLayoutType,
  TOAST_DURATIONS_MS,
} from '@sim/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { saveActiveStep, useLayouts, useSaveLayouts } from '../api/layouts-api';
import { type FieldPlace, fillFromCase, layoutOf, setFieldValue, withLayout } from '../lib/layout-values';
import { LayoutPrint } from './layout-print';
import { LayoutView } from './layout-view';
import { LoadCaseDialog } from './load-case-dialog';
import { UploadExcelDialog } from './upload-excel-dialog';

export interface DataInputStepProps {
  simId: string;
  sim: TBuilderSim | null;
  onBack: () => void;
}

/** Data Input for Internal Data products (authoring.md sections 2, 3, 5, 7 and 8). */
export function DataInputStep({ simId, sim, onBack }: DataInputStepProps) {
  const layouts = useLayouts(simId);
  if (layouts.isPending) return <PageSpinner />;
  if (layouts.isError) return <ErrorState error={layouts.error} onRetry={() => void layouts.refetch()} />;
  return <DataInputEditor simId={simId} sim={sim} initial={layouts.data} onBack={onBack} />;
}

interface DataInputEditorProps extends DataInputStepProps {
  initial: TLayout[];
}

function DataInputEditor({ simId, sim, initial, onBack }: DataInputEditorProps) {
  const navigate = useNavigate();
  /** the layouts as edited here (uploads and case details change them); saved by PREVIEW */
  const [layouts, setLayouts] = useState<TLayout[]>(initial);
  const [type, setType] = useState<TLayoutType>(initial[0]?.type ?? 'case');
  const [dialog, setDialog] = useState<'upload' | 'case' | null>(null);
  const toast = useToast();
  // the form uploads' messages stay 3 s (authoring.md section 9)
  const show = (severity: 'success' | 'error', message: string) =>
    toast.show(severity, message, { durationMs: TOAST_DURATIONS_MS.upload });
  const save = useSaveLayouts(simId);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const layout = layoutOf(layouts, type);
  const typeLabel = T.typeLabels[type];

  const changeField = (place: FieldPlace, value: string) => {
    if (!layout) return;
    setLayouts((all) => withLayout(all, setFieldValue(layout, place, value)));
  };

  const caseLoaded = (details: Record<string, string>) => {
    const caseLayout = layoutOf(layouts, 'case');
    if (!caseLayout) return;
    setLayouts((all) => withLayout(all, fillFromCase(caseLayout, details).layout));
    show('success', M.caseLoaded);
  };

  /** Save and Preview: save the layouts, keep the step, open the preview in a new tab, back to the sim list. */
  const preview = async () => {
    setPreviewError(null);
    setPreviewing(true);
    // opened now, while the click still counts as the user's, and pointed at the preview once saved
    const tab = window.open('', '_blank');
    try {
      await save.mutateAsync(layouts);
      await saveActiveStep(simId, LAST_WIZARD_STEP);
      const url = T.previewPath(simId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
      void navigate('/sims');
    } catch (error) {
      tab?.close();
      setPreviewError(errorMessage(error));
      setPreviewing(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {T.title}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={type}
            onChange={(_e, value: TLayoutType | null) => value && setType(value)}
            aria-label={T.layoutType}
          >
            {LAYOUT_TYPES.map((t) => (
              <ToggleButton key={t} value={t}>
                {T.typeLabels[t]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button variant="outlined" onClick={() => setDialog('upload')}>
            {T.uploadExcel}
          </Button>
          {type === 'case' && (
            <Button variant="outlined" onClick={() => setDialog('case')} disabled={!layout}>
              {T.loadCase}
            </Button>
          )}
          <Tooltip title={T.print}>
            <span>
              <IconButton aria-label={T.print} onClick={() => window.print()} disabled={!layout}>
                <PrintOutlined />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>

        {previewError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setPreviewError(null)}>
            {previewError}
          </Alert>
        )}

        {layout ? (
          <>
            <LayoutView key={layout.type} layout={layout} onFieldChange={changeField} />
            <LayoutPrint layout={layout} title={sim?.title ? `${sim.title}: ${typeLabel}` : typeLabel} />
          </>
        ) : (
          <Alert severity="info">{T.noLayout(typeLabel.toLowerCase())}</Alert>
        )}

        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end', alignItems: 'center' }}>
          {previewing && (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body2">{T.saving}</Typography>
            </Stack>
          )}
          <Button variant="outlined" onClick={onBack} disabled={previewing}>
            {T.back}
          </Button>
          <Tooltip title={T.previewHint}>
            <span>
              <Button variant="contained" onClick={() => void preview()} disabled={previewing}>
                {T.preview}
              </Button>
            </span>
          </Tooltip>
        </Stack>
      </CardContent>

      <UploadExcelDialog
        open={dialog === 'upload'}
        simId={simId}
        type={type}
        onClose={() => setDialog(null)}
        onUploaded={(uploaded, message) => {
          setLayouts((all) => withLayout(all, uploaded));
          show('success', message);
        }}
      />
      <LoadCaseDialog open={dialog === 'case'} onClose={() => setDialog(null)} onLoaded={caseLoaded} />
    </Card>
  );
}
