import { Alert, Box, Button } from '@mui/material';
import { LABELS } from '@sim/shared';
import { errorMessage } from '../lib/api-client';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
}

/** The error state of a page or a card: the message and a way to try again. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {LABELS.retry}
            </Button>
          ) : undefined
        }
      >
        {errorMessage(error)}
      </Alert>
    </Box>
  );
}
