import { Box, List, ListItem, Stack, Typography } from '@mui/material';
import { HELPDESK_TEXTS as T, type TTicketEntry } from '@sim/shared';
import { PersonAvatar } from '../../../components/person-avatar';
import { formatEntryTime } from '../lib/format';
import { TicketStatusChip } from './ticket-status-chip';

/** The entries of a ticket as a conversation, oldest first; the caller's own on the right. */
export function TicketConversation({ entries, userId }: { entries: TTicketEntry[]; userId: string | null }) {
  return (
    <List aria-label={T.conversation} disablePadding>
      {entries.map((entry) => {
        const mine = entry.created_by !== null && entry.created_by === userId;
        return (
          <ListItem key={entry._id} disableGutters sx={{ justifyContent: mine ? 'flex-end' : 'flex-start' }}>
            <Stack direction={mine ? 'row-reverse' : 'row'} spacing={1} sx={{ maxWidth: '85%' }}>
              <PersonAvatar name={entry.creator_name} src={entry.creator_picture_url} size={32} />
              <Box
                sx={{
                  bgcolor: mine ? 'action.selected' : 'grey.100',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                  minWidth: 0,
                }}
              >
                <Typography variant="caption" color="text.secondary" component="div">
                  {`${entry.creator_name}${entry.creator_role ? ` (${entry.creator_role})` : ''} ${T.entryAction[entry.action]} · ${formatEntryTime(entry.created_at)}`}
                </Typography>
                {entry.status ? <TicketStatusChip status={entry.status} /> : null}
                {entry.message ? (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entry.message}
                  </Typography>
                ) : null}
              </Box>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
