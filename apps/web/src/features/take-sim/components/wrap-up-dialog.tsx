import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES } from '@sim/shared';
import { useEffect, useId, useState } from 'react';
import { clockText } from '../lib/format';

interface WrapUpDialogProps {
  open: boolean;
  /** when the wrap-up started (Date.now()) */
  startedAt: number;
  finishing: boolean;
  error: string | null;
  onAllDone: () => void;
}

/** Wrap Up Activities: the timer of the wrap-up, then All Done (disabled while the attempt is closed). */
export function WrapUpDialog({ open, startedAt, finishing, error, onAllDone }: WrapUpDialogProps) {
  const titleId = useId();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!open || finishing) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [open, finishing]);

  const elapsed = Math.max(0, (now - startedAt) / 1000);
  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.wrapUpTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{TAKE_SIM_MESSAGES.wrapUp}</Typography>
        <Typography
          role="timer"
          aria-label={T.wrapUpTime(clockText(elapsed))}
          variant="h4"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'center' }}
        >
          {clockText(elapsed)}
        </Typography>
        {finishing && (
          <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {T.finishing2}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={onAllDone}
          disabled={finishing}
          startIcon={finishing ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {T.allDone}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
