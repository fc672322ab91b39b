import { Avatar, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { greetingFor, LABELS, ASSIGNMENT_TEXTS as T, type TSessionUser, type TUserCountResponse } from '@sim/shared';
import { type ComponentType, useId } from 'react';
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

/** The user counts as label and figure pairs on the strip's line (a description list). */
function UserCounts({ counts }: { counts: Counts }) {
  return (
    <Box
      component="dl"
      data-testid="profile-counts"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {COUNT_ROWS.map((row) => (
        <Box key={row.key} sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="subtitle2" sx={{ m: 0, fontWeight: 700 }}>
            {counts[row.key]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface ProfileStripProps {
  user: TSessionUser;
  now?: Date;
  /** the assignment figures (Completed Assignments, Ready for Review), from the assignments feature */
  Figures?: ComponentType;
}

/**
 * The profile (learner-and-review.md section 2): greeting by time of day, name, role, company name
 * (company_name view), the user counts (user_account view: the server answers them only then) and the
 * assignment figures. Issue 31: a slim strip above the tabs instead of a card beside them, so the tables
 * below get the page's width; its groups wrap onto a second line when the window is narrow.
 */
export function ProfileStrip({ user, now = new Date(), Figures }: ProfileStripProps) {
  const { can } = usePermissions();
  const userCounts = useUserCounts();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const company = userCounts.data?.company_name ?? user.company_name;
  const counts = userCounts.data?.counts ?? null;
  const nameId = useId();
  return (
    <Card component="section" aria-labelledby={nameId} variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={user.profile_pic_url ?? undefined} alt={fullName} sx={{ width: 44, height: 44 }}>
              {initials(user)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {`${LABELS.greetingPrefix} ${greetingFor(now.getHours())}`}
              </Typography>
              <Typography
                id={nameId}
                variant="subtitle1"
                component="p"
                sx={{ fontWeight: 700, lineHeight: 1.3 }}
                data-testid="profile-name"
              >
                {fullName}
              </Typography>
            </Box>
          </Stack>
          <Stack spacing={0.25}>
            <Typography variant="body2" color="text.secondary" data-testid="profile-role">
              {`${LABELS.role}: ${user.role}`}
            </Typography>
            {can('company_name', 'view') && company ? (
              <Typography variant="body2" color="text.secondary" data-testid="profile-company">
                {`${LABELS.company}: ${company}`}
              </Typography>
            ) : null}
          </Stack>
          {can('user_account', 'view') && userCounts.isPending ? (
            <Stack direction="row" spacing={1} role="status" aria-label={LABELS.loading}>
              {COUNT_ROWS.map((row) => (
                <Skeleton key={row.key} width={96} />
              ))}
            </Stack>
          ) : null}
          {counts ? <UserCounts counts={counts} /> : null}
          {Figures ? (
            <Box sx={{ ml: { md: 'auto' } }}>
              <Figures />
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
