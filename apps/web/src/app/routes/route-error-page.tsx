import { Alert, Box, Button } from '@mui/material';
import { LABELS, MESSAGES } from '@sim/shared';
import { useRouteError } from 'react-router';

/** A render error anywhere in the tree: say so and offer a reload instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {LABELS.retry}
          </Button>
        }
      >
        {MESSAGES.internal}
      </Alert>
    </Box>
  );
}
