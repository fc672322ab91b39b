import { Alert } from '@mui/material';
import type { AlertState } from './use-timed-alert';

export { type AlertState, useTimedAlert } from './use-timed-alert';

export function TimedAlert({ alert, onClose }: { alert: AlertState | null; onClose?: () => void }) {
  if (!alert) return null;
  return (
    <Alert severity={alert.severity} onClose={onClose} sx={{ mb: 2 }}>
      {alert.message}
    </Alert>
  );
}
