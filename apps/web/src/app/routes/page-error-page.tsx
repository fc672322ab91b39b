import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { LABELS, MESSAGES } from '@sim/shared';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useRouteError } from 'react-router';
import { logClientError } from '../../lib/log-error';

// An error object is reported once, however often its boundary renders (StrictMode runs effects twice).
const reported = new WeakSet<object>();

function reportOnce(error: unknown, url: string) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  void logClientError(error, 'route', url);
}

function detailOf(error: unknown): string | null {
  if (error instanceof Error) return error.message || null;
  return typeof error === 'string' ? error : null;
}

/**
 * The error element of the protected pages: the page that failed (rendering, or its chunk not loading)
 * is replaced by the error inside the shell, so the menu and the top bar stay usable, and the error is
 * sent to POST /api/v1/sims/log-error once.
 */
export function PageErrorPage() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const url = `${window.location.origin}${pathname}${search}`;
  useEffect(() => {
    console.error(error);
    reportOnce(error, url);
  }, [error, url]);
  const detail = detailOf(error);
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="error">
        <AlertTitle>{MESSAGES.internal}</AlertTitle>
        {detail}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button color="inherit" size="small" variant="outlined" onClick={() => window.location.reload()}>
            {LABELS.retry}
          </Button>
          <Button color="inherit" size="small" component={RouterLink} to="/dashboard">
            {LABELS.backToDashboard}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}
