import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { SIM_BUILDER_TEXTS as T } from '@sim/shared';
import { Link as RouterLink } from 'react-router';

/** Create Levels and Data Input: an honest placeholder until those steps are built. */
export function LaterStep({ step, onBack }: { step: string; onBack: () => void }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {step}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.laterStep(step)} {T.laterStepHint}
        </Alert>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={onBack}>
            {T.back}
          </Button>
          <Button variant="contained" component={RouterLink} to="/sims">
            {T.backToSims}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
