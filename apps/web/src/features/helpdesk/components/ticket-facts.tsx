import { Box, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { formatFileSize, helpPageName, isPictureType, HELPDESK_TEXTS as T, type TTicket } from '@sim/shared';
import type { ReactNode } from 'react';
import { AudioPlayer } from '../../../components/audio-player';
import { PersonAvatar } from '../../../components/person-avatar';
import { formatTicketDate } from '../lib/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

function Person({ person }: { person: TTicket['created_by'] }) {
  if (!person) return <>{T.unassigned}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PersonAvatar name={person.full_name} src={person.profile_picture_url} size={24} />
      <span>{person.full_name}</span>
    </Stack>
  );
}

/**
 * What a ticket says of its request: creator, assignee (with the assign control when given), sim, level,
 * script with its clip and the learner's recording, page (by its screen's name, not its URL), and the attachments (pictures shown small; every
 * file opens or downloads through its signed URL).
 */
export function TicketFacts({ ticket, assign }: { ticket: TTicket; assign?: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Fact label={T.creator}>
          <Person person={ticket.created_by} />
        </Fact>
        <Fact label={T.assignee}>
          <Stack spacing={1}>
            <Person person={ticket.assigned_to} />
            {assign}
          </Stack>
        </Fact>
        <Fact label={T.sim}>{ticket.sim ?? T.none}</Fact>
        <Fact label={T.level}>{ticket.level ? T.levelValue(ticket.level.order, ticket.level.name) : T.none}</Fact>
        <Fact label={T.page}>{ticket.page ? helpPageName(ticket.page) : T.none}</Fact>
        <Fact label={T.columns.created_at}>{formatTicketDate(ticket.created_at)}</Fact>
        {ticket.assignment ? <Fact label={T.assignmentStatus}>{ticket.assignment.status}</Fact> : null}
      </Box>
      {ticket.script ? (
        <Fact label={T.script}>
          <Stack spacing={1}>
            <span>{`${T.scriptValue(ticket.script.order)}: ${ticket.script.script}`}</span>
            {ticket.script.hint_text ? (
              <Typography variant="body2" color="text.secondary">{`${T.hint}: ${ticket.script.hint_text}`}</Typography>
            ) : null}
            {ticket.script.audio_url ? <AudioPlayer src={ticket.script.audio_url} name={T.scriptAudio} /> : null}
            {ticket.script.agent_recorded_url ? (
              <AudioPlayer src={ticket.script.agent_recorded_url} name={T.learnerAudio} />
            ) : null}
          </Stack>
        </Fact>
      ) : null}
      {ticket.attachments.length ? (
        <Fact label={T.attachments}>
          <List dense disablePadding aria-label={T.attachments}>
            {ticket.attachments.map((a) => (
              <ListItem key={a.attachment_id} disableGutters>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  {isPictureType(a.file_type) ? (
                    <Box
                      component="img"
                      src={a.url}
                      alt={a.file_name}
                      sx={{ width: 48, height: 48, objectFit: 'cover' }}
                    />
                  ) : null}
                  <ListItemText
                    primary={
                      <Link href={a.url} target="_blank" rel="noopener noreferrer">
                        {a.file_name}
                      </Link>
                    }
                    secondary={formatFileSize(a.file_size)}
                  />
                </Stack>
              </ListItem>
            ))}
          </List>
        </Fact>
      ) : null}
    </Stack>
  );
}
