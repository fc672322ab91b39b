import { Chip } from '@mui/material';
import { ASSIGNMENT_STATUS_COLORS, type AssignmentStatus } from '@sim/shared';

/** The STATUS of a row as a coloured chip. */
export function StatusChip({ status }: { status: AssignmentStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={ASSIGNMENT_STATUS_COLORS[status]}
      variant={status === 'NOT STARTED' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, letterSpacing: 0.2 }}
    />
  );
}
