import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { UI_MESSAGES } from '@sim/shared';
import type { ComponentType } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useSession } from '../../../lib/session';
import { ProfileStrip } from './profile-strip';

/** The parts of the page that come from other features; src/app composes them (docs/architecture.md). */
export interface DashboardParts {
  /** the tabs, list and dialogs of the assignments */
  Assignments: ComponentType;
  /** the profile's assignment figures */
  ProfileFigures: ComponentType;
}

/**
 * /dashboard for every role: the profile on a slim strip, the assignments below it at the page's width
 * (issue 31: the profile card beside the tabs took a quarter of the width from every table, SCORE's too).
 */
export function DashboardPage({ parts }: { parts?: DashboardParts }) {
  const { user, query } = useSession();
  if (!user) {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2}>
      <ProfileStrip user={user} Figures={parts?.ProfileFigures} />
      <Box sx={{ minWidth: 0 }}>
        {parts ? (
          <parts.Assignments />
        ) : (
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{UI_MESSAGES.assignmentsComingSoon}</Typography>
            </CardContent>
          </Card>
        )}
      </Box>
    </Stack>
  );
}
