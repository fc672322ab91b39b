import { Alert, type AlertColor } from '@mui/material';
import { ALERT_TIMEOUT_MS } from '@sim/shared';
import { useCallback, useEffect, useState } from 'react';

export interface AlertState {
  severity: AlertColor;
  message: string;
  /** Changes on every show, so the same message shown twice restarts its timer. */
  id: number;
}

/** An alert that clears itself after ALERT_TIMEOUT_MS (or the given time). */
export function useTimedAlert(timeoutMs: number = ALERT_TIMEOUT_MS) {
  const [alert, setAlert] = useState<AlertState | null>(null);

  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [alert, timeoutMs]);

  const show = useCallback((severity: AlertColor, message: string) => {
    setAlert({ severity, message, id: Date.now() + Math.random() });
  }, []);
  const clear = useCallback(() => setAlert(null), []);

  return { alert, show, clear };
}

export function TimedAlert({ alert, onClose }: { alert: AlertState | null; onClose?: () => void }) {
  if (!alert) return null;
  return (
    <Alert severity={alert.severity} onClose={onClose} sx={{ mb: 2 }}>
      {alert.message}
    </Alert>
  );
}
