import { ALERT_TIMEOUT_MS } from '@sim/shared';
import { useCallback, useEffect, useState } from 'react';

/** An alert's colour: MUI's `AlertColor`, also the plain alert's (components/plain/alert.tsx). */
export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

export interface AlertState {
  severity: AlertSeverity;
  message: string;
  /** Changes on every show, so the same message shown twice restarts its timer. */
  id: number;
}

/**
 * An alert that clears itself after ALERT_TIMEOUT_MS (or the given time). Shown by `TimedAlert` (MUI) or
 * `PlainTimedAlert` (the sign-in page); this module loads neither.
 */
export function useTimedAlert(timeoutMs: number = ALERT_TIMEOUT_MS) {
  const [alert, setAlert] = useState<AlertState | null>(null);

  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [alert, timeoutMs]);

  const show = useCallback((severity: AlertSeverity, message: string) => {
    setAlert({ severity, message, id: Date.now() + Math.random() });
  }, []);
  const clear = useCallback(() => setAlert(null), []);

  return { alert, show, clear };
}
