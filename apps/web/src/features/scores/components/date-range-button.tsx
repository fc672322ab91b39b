import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import {
  Box,
  Button,
  Divider,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SCORE_DATE_PRESETS, SCORE_TEXTS, type ScoreDatePreset, SCORE_UI_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import { checkDraft, type DayRange, type DayRangeDraft, draftOf, presetRange, rangeLabel } from '../lib/date-range';

interface DateRangeButtonProps {
  value: DayRange;
  onApply: (range: DayRange) => void;
  /** the clock of the presets (tests) */
  now?: () => Date;
}

/**
 * The date-range popover (section 2): Start Date and End Date shown DD-MM-YYYY, the seven presets, Apply
 * and Cancel. A preset fills the two fields; Apply filters by the completed date (both days included).
 */
export function DateRangeButton({ value, onApply, now = () => new Date() }: DateRangeButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<DayRangeDraft>(draftOf(value));
  const [preset, setPreset] = useState<ScoreDatePreset | null>(null);
  const [errors, setErrors] = useState<{ start: string | null; end: string | null }>({ start: null, end: null });
  const titleId = useId();

  const open = (target: HTMLElement) => {
    setDraft(draftOf(value));
    setPreset(null);
    setErrors({ start: null, end: null });
    setAnchor(target);
  };
  const close = () => setAnchor(null);
  const choose = (p: ScoreDatePreset) => {
    setPreset(p);
    setDraft(draftOf(presetRange(p, now())));
    setErrors({ start: null, end: null });
  };
  const apply = () => {
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors({ start: check.startError, end: check.endError });
      return;
    }
    onApply(check.range);
    close();
  };
  const edit = (key: keyof DayRangeDraft, text: string) => {
    setPreset(null);
    setDraft((d) => ({ ...d, [key]: text }));
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DateRangeOutlined />}
        onClick={(event) => open(event.currentTarget)}
        aria-haspopup="dialog"
        aria-label={`${T.dateRange}: ${rangeLabel(value)}`}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {rangeLabel(value)}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ p: 2, gap: 2 }}>
          <Box component="nav" aria-label={T.presets} sx={{ minWidth: 170 }}>
            <List dense disablePadding>
              {SCORE_DATE_PRESETS.map((p) => (
                <ListItemButton key={p} selected={preset === p} onClick={() => choose(p)}>
                  <ListItemText primary={p} />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Divider orientation="vertical" flexItem />
          <Stack spacing={2} sx={{ minWidth: 220 }}>
            <Typography id={titleId} variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
              {T.dateRange}
            </Typography>
            <TextField
              size="small"
              label={SCORE_TEXTS.startDate}
              placeholder="DD-MM-YYYY"
              value={draft.start}
              onChange={(event) => edit('start', event.target.value)}
              error={Boolean(errors.start)}
              helperText={errors.start ?? ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              size="small"
              label={SCORE_TEXTS.endDate}
              placeholder="DD-MM-YYYY"
              value={draft.end}
              onChange={(event) => edit('end', event.target.value)}
              error={Boolean(errors.end)}
              helperText={errors.end ?? ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setDraft({ start: '', end: '' })}>{T.clearDates}</Button>
              <Button onClick={close}>{SCORE_TEXTS.cancel}</Button>
              <Button variant="contained" onClick={apply}>
                {SCORE_TEXTS.apply}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}
