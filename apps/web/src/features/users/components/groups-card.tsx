import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { SETTINGS_TEXTS, type TUserInfo } from '@sim/shared';

/** The Groups card of my settings: the groups I belong to. */
export function GroupsCard({ groups }: { groups: TUserInfo['group_list'] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {SETTINGS_TEXTS.groupsCard}
        </Typography>
        {groups.length === 0 ? (
          <Typography color="text.secondary">{SETTINGS_TEXTS.noGroups}</Typography>
        ) : (
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexWrap: 'wrap', rowGap: 1, p: 0, m: 0, listStyle: 'none' }}
            component="ul"
            aria-label={SETTINGS_TEXTS.groupsCard}
          >
            {groups.map((g) => (
              <Chip key={g._id} component="li" label={g.name} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
