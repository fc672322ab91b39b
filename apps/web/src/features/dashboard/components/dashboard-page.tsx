import { Card, CardContent, Grid, Typography } from '@mui/material';
import { UI_MESSAGES } from '@sim/shared';
import type { ComponentType } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useSession } from '../../../lib/session';
import { ProfileCard } from './profile-card';

/** The parts of the page that come from other features; src/app composes them (docs/architecture.md). */
export interface DashboardParts {
  /** the tabs, list and dialogs of the assignments */
  Assignments: ComponentType;
  /** the profile card's assignment figures */
  ProfileFigures: ComponentType;
}

/** /dashboard for every role: the profile card on the left, the assignments on the right. */
export function DashboardPage({ parts }: { parts?: DashboardParts }) {
  const { user, query } = useSession();
  if (!user) {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    return <PageSpinner />;
  }
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4, lg: 3, xl: 2.5 }}>
        <ProfileCard user={user} Figures={parts?.ProfileFigures} />
      </Grid>
      <Grid size={{ xs: 12, md: 8, lg: 9, xl: 9.5 }} sx={{ minWidth: 0 }}>
        {parts ? (
          <parts.Assignments />
        ) : (
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography color="text.secondary">{UI_MESSAGES.assignmentsComingSoon}</Typography>
            </CardContent>
          </Card>
        )}
      </Grid>
    </Grid>
  );
}
