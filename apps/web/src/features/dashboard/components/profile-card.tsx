import { Avatar, Box, Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { greetingFor, LABELS, ASSIGNMENT_TEXTS as T, type TSessionUser, type TUserCountResponse } from '@sim/shared';
import type { ComponentType } from 'react';
import { usePermissions } from '../../../lib/session';
import { useUserCounts } from '../api/get-user-counts';

function initials(user: TSessionUser): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

type Counts = NonNullable<TUserCountResponse['counts']>;

const COUNT_ROWS: { key: keyof Counts; label: string }[] = [
  { key: 'supervisors', label: T.totalSupervisors },
  { key: 'managers', label: T.totalManagers },
  { key: 'agents', label: T.totalAgents },
  { key: 'users', label: T.totalUsers },
  { key: 'applicants', label: T.totalApplicants },
  { key: 'groups', label: T.totalGroups },
];

function UserCounts({ counts }: { counts: Counts }) {
  return (
    <Box
      component="dl"
      data-testid="profile-counts"
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2, m: 0 }}
    >
      {COUNT_ROWS.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="subtitle2" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
            {counts[row.key]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface ProfileCardProps {
  user: TSessionUser;
  now?: Date;
  /** the assignment figures (Completed Assignments, Ready for Review), from the assignments feature */
  Figures?: ComponentType;
}

/**
 * The profile card (learner-and-review.md section 2): greeting by time of day, name, role, company name
 * (company_name view), the user counts (user_account view: the server answers them only then) and the
 * assignment figures.
 */
export function ProfileCard({ user, now = new Date(), Figures }: ProfileCardProps) {
  const { can } = usePermissions();
  const userCounts = useUserCounts();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const company = userCounts.data?.company_name ?? user.company_name;
  const counts = userCounts.data?.counts ?? null;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Avatar src={user.profile_pic_url ?? undefined} alt={fullName} sx={{ width: 72, height: 72 }}>
              {initials(user)}
            </Avatar>
            <Typography variant="h6" component="p">
              {`${LABELS.greetingPrefix} ${greetingFor(now.getHours())}`}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="profile-name">
              {fullName}
            </Typography>
            {can('company_name', 'view') && company ? (
              <Typography color="text.secondary" data-testid="profile-company">
                {`${LABELS.company}: ${company}`}
              </Typography>
            ) : null}
            <Typography color="text.secondary" data-testid="profile-role">
              {`${LABELS.role}: ${user.role}`}
            </Typography>
          </Stack>
          {can('user_account', 'view') && userCounts.isPending ? (
            <Stack spacing={0.5} role="status" aria-label={LABELS.loading}>
              {COUNT_ROWS.map((row) => (
                <Skeleton key={row.key} />
              ))}
            </Stack>
          ) : null}
          {counts ? (
            <>
              <Divider />
              <UserCounts counts={counts} />
            </>
          ) : null}
          {Figures ? (
            <>
              <Divider />
              <Figures />
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
