import { Avatar, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { greetingFor, LABELS, type TSessionUser, UI_MESSAGES } from '@sim/shared';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { usePermissions, useSession } from '../../../lib/session';

function initials(user: TSessionUser): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The profile card: greeting by time of day, name, company (with company_name view) and role. */
export function ProfileCard({ user, now = new Date() }: { user: TSessionUser; now?: Date }) {
  const { can } = usePermissions();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Avatar src={user.profile_pic_url ?? undefined} alt={fullName} sx={{ width: 72, height: 72 }}>
            {initials(user)}
          </Avatar>
          <Typography variant="h6" component="p">
            {`${LABELS.greetingPrefix} ${greetingFor(now.getHours())}`}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="profile-name">
            {fullName}
          </Typography>
          {can('company_name', 'view') ? (
            <Typography color="text.secondary" data-testid="profile-company">
              {`${LABELS.company}: ${user.company_name}`}
            </Typography>
          ) : null}
          <Typography color="text.secondary" data-testid="profile-role">
            {`${LABELS.role}: ${user.role}`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /dashboard: the profile card; the assignments dashboard comes in a later release. */
export function DashboardPage() {
  const { user, query } = useSession();
  if (!user) {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    return <PageSpinner />;
  }
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <ProfileCard user={user} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography color="text.secondary">{UI_MESSAGES.assignmentsComingSoon}</Typography>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
