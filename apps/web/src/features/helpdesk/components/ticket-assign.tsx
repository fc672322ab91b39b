import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T, type TTicket } from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useAssignees, useAssignTicket } from '../api/assign-ticket';

/** Assign an open ticket: to me, or to someone of the company who handles tickets. */
export function TicketAssign({ ticket, userId }: { ticket: TTicket; userId: string | null }) {
  const toast = useToast();
  const people = useAssignees(true);
  const assign = useAssignTicket();
  const [chosen, setChosen] = useState(ticket.assigned_to?._id ?? '');
  const give = async (id: string) => {
    try {
      await assign.mutateAsync({ ticketId: ticket._id, userId: id });
      toast.show('success', M.assigned);
    } catch (error) {
      toast.show('error', errorMessage(error));
    }
  };
  const options = people.data ?? [];
  const canTakeIt = userId !== null && ticket.assigned_to?._id !== userId && options.some((p) => p._id === userId);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={T.assignTo}
        value={options.some((p) => p._id === chosen) ? chosen : ''}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ minWidth: 180 }}
      >
        {options.map((p) => (
          <MenuItem key={p._id} value={p._id}>
            {p.full_name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        size="small"
        variant="outlined"
        disabled={!chosen || chosen === ticket.assigned_to?._id || assign.isPending}
        onClick={() => void give(chosen)}
      >
        {T.assign}
      </Button>
      {canTakeIt && userId ? (
        <Button size="small" disabled={assign.isPending} onClick={() => void give(userId)}>
          {T.assignToMe}
        </Button>
      ) : null}
    </Stack>
  );
}
