import { Button, Card, CardContent, Stack } from '@mui/material';
import { LABELS, MESSAGES } from '@sim/shared';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { PublicFrame } from './public-frame';

/** /permissiondenied: shown after a 403. */
export function PermissionDeniedPage() {
  return (
    <PublicFrame>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <PageHeading sx={{ mb: 0 }}>{MESSAGES.permissionDenied}</PageHeading>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              {LABELS.backToDashboard}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
