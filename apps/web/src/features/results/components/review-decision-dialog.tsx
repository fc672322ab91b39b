import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { RESULT_LABELS as L, RESULT_LIMITS, RESULT_TEXTS, type ReviewDecision } from '@sim/shared';
import { useId, useState } from 'react';

interface ReviewDecisionDialogProps {
  decision: ReviewDecision;
  busy: boolean;
  failure: string | null;
  onCancel: () => void;
  onConfirm: (message: string) => void;
}

/** PASS or NO PASS, with an optional message to the learner (section 2). */
export function ReviewDecisionDialog({ decision, busy, failure, onCancel, onConfirm }: ReviewDecisionDialogProps) {
  const titleId = useId();
  const [message, setMessage] = useState('');
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{L.reviewTitle(decision)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{L.reviewConfirm(decision)}</DialogContentText>
        <TextField
          label={RESULT_TEXTS.messageToLearner}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: RESULT_LIMITS.reviewCommentsMax }, inputLabel: { shrink: true } }}
        />
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {L.cancel}
        </Button>
        <Button
          variant="contained"
          color={decision === 'PASS' ? 'success' : 'error'}
          disabled={busy}
          onClick={() => onConfirm(message.trim())}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {decision === 'PASS' ? RESULT_TEXTS.pass : RESULT_TEXTS.noPass}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
