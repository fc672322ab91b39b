import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { RESULT_LABELS as L, TAKE_SIM_TEXTS, type TUserResult } from '@sim/shared';
import { useId } from 'react';
import { PersonAvatar } from '../../../components/person-avatar';
import { durationText, resultDate } from '../lib/format';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = useId();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" id={id} component="p">
        {label}
      </Typography>
      <Typography variant="body2" aria-labelledby={id} data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/**
 * The left panel (section 2): the learner, the sim, the completion date (MM-DD-YYYY), the mode, the level's
 * number and name, and the total and wrap-up times in hours, minutes and seconds ("0m 0s" when empty).
 */
export function ResultSummary({ result }: { result: TUserResult }) {
  return (
    <Card variant="outlined" component="section" aria-label={L.summary}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <PersonAvatar name={result.user.name} src={result.user.profile_pic_url} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {L.user}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {result.user.name}
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={1.25}>
          <Fact label={L.sim} value={result.simTitle} />
          <Fact label={L.completedOn} value={resultDate(result.completed_on)} testId="completed-on" />
          <Fact label={L.mode} value={L.modes[result.mode] ?? result.mode} />
          <Fact label={L.level} value={L.levelOf(result.level.order + 1, result.level.name)} />
          <Divider />
          <Fact label={TAKE_SIM_TEXTS.totalTime} value={durationText(result.totalSeconds)} testId="total-time" />
          <Fact label={TAKE_SIM_TEXTS.wrapTime} value={durationText(result.wrapSeconds)} testId="wrap-time" />
        </Stack>
      </CardContent>
    </Card>
  );
}
