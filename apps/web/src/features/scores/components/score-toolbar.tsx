import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, Checkbox, CircularProgress, FormControlLabel, Stack } from '@mui/material';
import { SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import type { DayRange } from '../lib/date-range';
import { type ResultChoice, toggleResult } from '../lib/score-list';
import { DateRangeButton } from './date-range-button';

interface ScoreToolbarProps {
  range: DayRange;
  result: ResultChoice;
  exporting: boolean;
  /** bytes of the workbook received so far */
  exportedBytes: number;
  onRange: (range: DayRange) => void;
  onResult: (result: ResultChoice) => void;
  onExport: () => void;
}

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Above the chart: the date range, Highest level reached / Final result only, Export Excel. */
export function ScoreToolbar(props: ScoreToolbarProps) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <DateRangeButton value={props.range} onApply={props.onRange} />
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              checked={props.result === 'highest'}
              onChange={(e) => props.onResult(toggleResult(props.result, 'highest', e.target.checked))}
            />
          }
          label={SCORE_TEXTS.highestLevel}
        />
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              checked={props.result === 'final'}
              onChange={(e) => props.onResult(toggleResult(props.result, 'final', e.target.checked))}
            />
          }
          label={SCORE_TEXTS.finalOnly}
        />
      </Stack>
      <Button
        variant="outlined"
        onClick={props.onExport}
        disabled={props.exporting}
        aria-busy={props.exporting}
        startIcon={props.exporting ? <CircularProgress size={18} /> : <FileDownloadOutlined />}
      >
        {props.exporting
          ? `${T.exporting}${props.exportedBytes > 0 ? ` ${size(props.exportedBytes)}` : ''}`
          : SCORE_TEXTS.exportExcel}
      </Button>
    </Stack>
  );
}
