import { Alert } from '@mui/material';
import type { AlertState } from './use-timed-alert';

export { type AlertState, useTimedAlert } from './use-timed-alert';

/**
 * @deprecated The MUI pages use the app's one toast system (lib/toast: `useToast().show(...)`), which never
 * shows two messages at once and clears them on navigation (issue 15). This in-page alert remains until the
 * last features move over; then this file goes. /login keeps its plain alert (plain/alert.tsx).
 */
export function TimedAlert({ alert, onClose }: { alert: AlertState | null; onClose?: () => void }) {
  if (!alert) return null;
  return (
    <Alert severity={alert.severity} onClose={onClose} sx={{ mb: 2 }}>
      {alert.message}
    </Alert>
  );
}
