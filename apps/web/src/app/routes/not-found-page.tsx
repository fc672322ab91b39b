import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { LABELS, MESSAGES } from '@sim/shared';
import { Link as RouterLink } from 'react-router';
import { PublicFrame } from '../../features/auth/components/public-frame';

/** Any path outside the route table. */
export function NotFoundPage() {
  return (
    <PublicFrame>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {MESSAGES.notFoundPage}
            </Typography>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              {LABELS.backToDashboard}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
