import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { Chip, Stack, Tooltip } from '@mui/material';
import { autopopulateSummary, SCRIPT_SUMMARY_TEXTS as S, type TScript } from '@sim/shared';

/**
 * What a script row carries besides its text (authoring.md section 2): a hint indicator (the hint on
 * hover) and the auto-populate summary (3 field titles, then '...', and the timer).
 */
export function ScriptSummaries({
  script,
}: {
  script: Pick<TScript, 'hint_text' | 'autopopulate_data' | 'autopopulate_timer'>;
}) {
  const hint = script.hint_text.trim();
  const fields = autopopulateSummary(script.autopopulate_data);
  if (!hint && !fields) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {hint && (
        <Tooltip title={S.hintOf(hint)}>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            icon={<LightbulbOutlinedIcon />}
            label={S.hint}
            tabIndex={0}
            aria-label={S.hintOf(hint)}
            data-testid="hint-indicator"
          />
        </Tooltip>
      )}
      {fields && (
        <Chip
          size="small"
          variant="outlined"
          icon={<AutoFixHighIcon />}
          label={S.autopopulateOf(fields, script.autopopulate_timer)}
          data-testid="autopopulate-summary"
          sx={{ maxWidth: '100%' }}
        />
      )}
    </Stack>
  );
}
