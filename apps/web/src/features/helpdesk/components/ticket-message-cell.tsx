import { Box, Link, Typography } from '@mui/material';
import { cutTicketMessage, HELPDESK_TEXTS as T, type TTicket } from '@sim/shared';
import { useState } from 'react';

/** The first entry, cut at 40 characters unless expanded, and 'n more messages'. */
export function TicketMessageCell({ ticket }: { ticket: TTicket }) {
  const [expanded, setExpanded] = useState(false);
  const text = ticket.entries[0]?.message ?? ticket.message;
  const cut = cutTicketMessage(text);
  const more = Math.max(0, ticket.messages_count - 1);
  return (
    <Box sx={{ minWidth: 150, maxWidth: 360 }}>
      <Typography variant="body2" sx={{ whiteSpace: expanded ? 'pre-wrap' : 'normal', overflowWrap: 'anywhere' }}>
        {expanded ? text : cut}
      </Typography>
      {cut !== text ? (
        <Link
          component="button"
          type="button"
          variant="caption"
          onClick={(event) => {
            event.stopPropagation();
            setExpanded((e) => !e);
          }}
        >
          {expanded ? T.showLess : T.showMore}
        </Link>
      ) : null}
      {more > 0 ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {T.moreMessages(more)}
        </Typography>
      ) : null}
    </Box>
  );
}
