import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import HearingIcon from '@mui/icons-material/Hearing';
import KeyIcon from '@mui/icons-material/Key';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import QuizIcon from '@mui/icons-material/Quiz';
import { Box, Button, FormControlLabel, Stack, Switch, Tooltip, Typography } from '@mui/material';
import {
  PRODUCT_TYPE_INTERNAL_DATA,
  SCRIPT_SUMMARY_TEXTS as S,
  CREATE_LEVELS_TEXTS as T,
  type TScript,
} from '@sim/shared';
import { type ReactNode, useState } from 'react';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { useEditAccess } from '../lib/edit-access';
import { keywordSummary } from '../lib/keywords';
import {
  AutopopulateDialog,
  HintTextDialog,
  KeywordsDialog,
  ManageTestsDialog,
  type ScriptDialogProps,
  TryTestDialog,
} from '../script-tools';

type ToolName = 'keywords' | 'tests' | 'try' | 'hint' | 'autopopulate';

const DIALOGS: Record<ToolName, (props: ScriptDialogProps) => ReactNode> = {
  keywords: KeywordsDialog,
  tests: ManageTestsDialog,
  try: TryTestDialog,
  hint: HintTextDialog,
  autopopulate: AutopopulateDialog,
};

interface AgentToolsProps {
  simId: string;
  script: TScript;
  productType: string;
  busy: boolean;
  onRealTimeFeedback: (on: boolean) => void;
  onAudioSource: (recorded: boolean) => void;
  /** a dialog saved a change: the screen refetches */
  onSaved: () => void;
}

/**
 * The tools of an agent script (authoring.md section 2): keywords (with their summary), tests, Try Test,
 * hint text, auto-populate (Internal Data products only), real-time feedback, and the switch between the
 * author's recorded clip and the generated one.
 */
export function AgentTools({
  simId,
  script,
  productType,
  busy,
  onRealTimeFeedback,
  onAudioSource,
  onSaved,
}: AgentToolsProps) {
  const [open, setOpen] = useState<ToolName | null>(null);
  const { readOnly, reason } = useEditAccess();
  const summary = keywordSummary(script.keywords);
  const internalData = productType.includes(PRODUCT_TYPE_INTERNAL_DATA);
  const Dialog = open ? DIALOGS[open] : null;

  const tool = (name: ToolName, label: string, icon: ReactNode) => (
    <PermissionTooltip allowed={!readOnly} title={reason}>
      <Button size="small" variant="outlined" startIcon={icon} disabled={readOnly} onClick={() => setOpen(name)}>
        {label}
      </Button>
    </PermissionTooltip>
  );

  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {tool('keywords', T.keywords, <KeyIcon />)}
        {summary ? (
          <Tooltip
            title={
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {summary.tooltip.map((k) => (
                  <li key={k}>{k}</li>
                ))}
                {summary.more > 0 && <li>{S.moreKeywords(summary.more)}</li>}
              </Box>
            }
          >
            <Typography variant="body2" tabIndex={0} data-testid="keyword-summary" sx={{ fontWeight: 600 }}>
              {summary.label}
            </Typography>
          </Tooltip>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {T.noKeywords}
          </Typography>
        )}
        {tool('tests', T.manageTests, <QuizIcon />)}
        {tool('try', T.tryTest, <HearingIcon />)}
        {tool('hint', T.hintText, <LightbulbOutlinedIcon />)}
        {internalData && tool('autopopulate', T.autopopulate, <AutoFixHighIcon />)}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center', mt: 0.5 }}>
        <PermissionTooltip allowed={!readOnly} title={reason}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={script.real_time_feedback}
                disabled={busy || readOnly}
                onChange={(e) => onRealTimeFeedback(e.target.checked)}
              />
            }
            label={T.realTimeFeedback}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        </PermissionTooltip>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{T.audioSource}:</Typography>
          <Typography variant="body2">{T.generated}</Typography>
          <Tooltip title={readOnly ? reason : script.agent_recorded_url ? '' : T.noRecording}>
            <span>
              <Switch
                size="small"
                checked={script.agent_recorded_audio}
                disabled={busy || readOnly || (!script.agent_recorded_url && !script.agent_recorded_audio)}
                onChange={(e) => onAudioSource(e.target.checked)}
                slotProps={{ input: { 'aria-label': `${T.audioSource}: ${T.recorded}` } }}
              />
            </span>
          </Tooltip>
          <Typography variant="body2">{T.recorded}</Typography>
        </Stack>
      </Stack>
      {Dialog && <Dialog open simId={simId} script={script} onClose={() => setOpen(null)} onSaved={onSaved} />}
    </Box>
  );
}
