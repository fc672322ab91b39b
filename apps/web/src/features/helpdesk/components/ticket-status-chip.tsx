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

/** A ticket's status as a chip, in its row colour's family (section 2). */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={COLORS[status]}
      variant={status === 'PENDING' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}
