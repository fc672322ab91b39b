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
import { SCREEN_RECORDING_TEXTS, TAKE_SIM_TEXTS as T, TAKE_SIM_MESSAGES } from '@sim/shared';
import { useEffect, useId, useState } from 'react';
import { clockText } from '../lib/format';

interface WrapUpDialogProps {
  open: boolean;
  /** when the wrap-up started (Date.now()) */
  startedAt: number;
  finishing: boolean;
  error: string | null;
  /** the screen recording's upload percentage after All Done (null: no recording) */
  uploadPercent?: number | null;
  onAllDone: () => void;
}

/** Wrap Up Activities: the timer of the wrap-up, then All Done (disabled while the attempt is closed). */
export function WrapUpDialog({
  open,
  startedAt,
  finishing,
  error,
  uploadPercent = null,
  onAllDone,
}: WrapUpDialogProps) {
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
        {finishing && uploadPercent !== null && <UploadProgress percent={uploadPercent} />}
        {finishing && (uploadPercent === null || uploadPercent >= 100) && (
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

/** After All Done with a screen recording: its upload, a bar and the percentage (learner-and-review.md section 2). */
function UploadProgress({ percent }: { percent: number }) {
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {SCREEN_RECORDING_TEXTS.uploading}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={SCREEN_RECORDING_TEXTS.uploadProgress(percent)}
      />
      <Typography variant="caption" color="text.secondary" data-testid="upload-percent">
        {SCREEN_RECORDING_TEXTS.uploadProgress(percent)}
      </Typography>
    </Box>
  );
}
