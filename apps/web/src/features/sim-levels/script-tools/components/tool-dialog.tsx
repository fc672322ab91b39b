import type { Breakpoint } from '@mui/material';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { SCRIPT_TOOLS_TEXTS as T } from '@sim/shared';
import { type ReactNode, useId } from 'react';

interface ToolDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** the body: a ToolBody, mounted only while open, so each opening starts from the saved values */
  children: ReactNode;
  maxWidth?: Breakpoint;
}

/** The frame of every script-tools dialog: a labelled dialog that Escape and the backdrop close. */
export function ToolDialog({ open, title, onClose, children, maxWidth = 'sm' }: ToolDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open ? children : null}
    </Dialog>
  );
}

/** The content and the buttons of a dialog. */
export function ToolBody({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
}

/** A button that shows a spinner and is disabled while its call runs. */
export function BusyButton({
  busy,
  disabled,
  onClick,
  children,
  variant = 'contained',
  color,
}: {
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'error' | 'inherit';
}) {
  return (
    <Button
      variant={variant}
      color={color}
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}

/** The server's refusal (or any error) above the buttons. */
export function ErrorAlert({ message, onClose }: { message: string | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <Alert severity="error" closeText={T.dismiss} onClose={onClose} sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}
