import { Chip } from '@mui/material';
import type { TicketStatus } from '@sim/shared';

const COLORS: Record<TicketStatus, 'default' | 'error' | 'success' | 'warning' | 'info'> = {
  PENDING: 'error',
  'IN PROGRESS': 'warning',
  RESOLVED: 'success',
  CLOSED: 'success',
  REJECTED: 'error',
  ARCHIVED: 'default',
};

/**
 * A ticket's status as a chip, in its row colour's family (section 2). The outlined PENDING chip sits on the
 * light red row: its text takes the darker shade of the colour, which reads at 4.5:1 there (the main shade
 * does not).
 */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const outlined = status === 'PENDING';
  return (
    <Chip
      size="small"
      label={status}
      color={COLORS[status]}
      variant={outlined ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, ...(outlined && { color: `${COLORS[status]}.dark` }) }}
    />
  );
}
