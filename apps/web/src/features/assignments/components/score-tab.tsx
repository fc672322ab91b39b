import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Stack, Typography } from '@mui/material';
import { ASSIGNMENT_TEXTS } from '@sim/shared';

/** SCORE: the score table comes with the results release; until then an honest note. */
export function ScoreTab() {
  return (
    <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <InsightsOutlined color="disabled" sx={{ fontSize: 48 }} />
      <Typography color="text.secondary">{ASSIGNMENT_TEXTS.scoreComingSoon}</Typography>
    </Stack>
  );
}
