import { Card, CardContent, Typography } from '@mui/material';
import { MESSAGES } from '@sim/shared';

/** An honest placeholder for a screen that is not built yet. */
export function ComingSoon({ screen }: { screen: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {screen}
        </Typography>
        <Typography color="text.secondary">{MESSAGES.comingSoon}</Typography>
      </CardContent>
    </Card>
  );
}
