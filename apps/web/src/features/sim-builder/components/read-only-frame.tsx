import { Box, Button, Stack, Tooltip } from '@mui/material';
import { SIM_BUILDER_TEXTS as T } from '@sim/shared';
import type { ReactNode } from 'react';

interface ReadOnlyFrameProps {
  /** why nothing here can be used: the spec's "You don't have permission to update", or the view's hint */
  reason: string;
  onBack: () => void;
  onNext: () => void;
  nextLabel?: string;
  children: ReactNode;
}

/**
 * A step another feature draws (Select Avatars, Data Input), shown in the read-only builder: its controls
 * are disabled and out of reach (a disabled, inert fieldset, so none of its saves can be sent), the reason
 * shows on hover, and the builder's own Back and NEXT move between the steps without saving.
 */
export function ReadOnlyFrame({ reason, onBack, onNext, nextLabel = T.next, children }: ReadOnlyFrameProps) {
  return (
    <Box>
      <Tooltip title={reason} followCursor>
        <Box data-testid="read-only-step">
          <fieldset disabled inert style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            {children}
          </fieldset>
        </Box>
      </Tooltip>
      <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={onBack}>
          {T.back}
        </Button>
        <Button variant="contained" onClick={onNext}>
          {nextLabel}
        </Button>
      </Stack>
    </Box>
  );
}
