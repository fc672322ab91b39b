import { Box, CircularProgress } from '@mui/material';
import { LABELS } from '@sim/shared';

/** The loading state of a page or a card. */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }}>
      <CircularProgress aria-label={LABELS.loading} />
    </Box>
  );
}
