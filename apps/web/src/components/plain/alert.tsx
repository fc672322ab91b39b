import type { ReactNode } from 'react';
import type { AlertSeverity, AlertState } from '../use-timed-alert';
import { PlainIcon } from './icons';
import './plain.css';

/** The close button's name and tooltip: MUI Alert's `closeText`. */
const CLOSE_TEXT = 'Close';

interface PlainAlertProps {
  severity: AlertSeverity;
  children: ReactNode;
  /** shows a close button */
  onClose?: () => void;
  /** an action at the end (a button); replaces the close button */
  action?: ReactNode;
  className?: string;
}

/** MUI's standard Alert without MUI: the icon of the severity, the message, a close button or an action. */
export function PlainAlert({ severity, children, onClose, action, className }: PlainAlertProps) {
  let end: ReactNode = null;
  if (action) end = action;
  else if (onClose)
    end = (
      <button type="button" className="sc-icon-button" aria-label={CLOSE_TEXT} title={CLOSE_TEXT} onClick={onClose}>
        <PlainIcon name="close" />
      </button>
    );
  return (
    <div role="alert" className={`sc-alert sc-alert--${severity}${className ? ` ${className}` : ''}`}>
      <div className="sc-alert__icon">
        <PlainIcon name={severity} />
      </div>
      <div className="sc-alert__message">{children}</div>
      {end ? <div className="sc-alert__action">{end}</div> : null}
    </div>
  );
}

/** The timed alert of `useTimedAlert` as a plain alert (the sign-in page's). */
export function PlainTimedAlert({ alert, onClose }: { alert: AlertState | null; onClose?: () => void }) {
  if (!alert) return null;
  return (
    <PlainAlert severity={alert.severity} onClose={onClose} className="sc-alert--spaced">
      {alert.message}
    </PlainAlert>
  );
}
