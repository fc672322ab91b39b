import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { LABELS, MESSAGES, UI_MESSAGES } from '@sim/shared';
import { type FormEvent, useState } from 'react';
import { PlainTimedAlert } from '../../../components/plain/alert';
import { useTimedAlert } from '../../../components/use-timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { validateForgotEmail } from '../lib/validation';

interface ForgotPasswordDialogProps {
  open: boolean;
  /** the email typed on the sign-in page, the field's start each time the dialog opens */
  initialEmail?: string;
  onClose: () => void;
}

/** Asks for the email and has the server send a reset link to it. */
export function ForgotPasswordDialog({ open, initialEmail = '', onClose }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forgot-password-title">
      {open ? <ForgotPasswordForm initialEmail={initialEmail} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ForgotPasswordForm({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const { alert, show, clear } = useTimedAlert();
  const mutation = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateForgotEmail(email);
    if (problem) {
      show('error', problem);
      return;
    }
    clear();
    mutation.mutate(
      { email: email.trim(), url: `${window.location.origin}/forgotpassword` },
      {
        onSuccess: (data) => show('success', data.message ?? MESSAGES.forgotSent),
        onError: (error) => show('error', errorMessage(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id="forgot-password-title">{LABELS.forgotPasswordTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{UI_MESSAGES.forgotPasswordPrompt}</DialogContentText>
        <PlainTimedAlert alert={alert} onClose={clear} />
        <TextField
          label={LABELS.email}
          type="email"
          name="forgot-email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {LABELS.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {LABELS.send}
        </Button>
      </DialogActions>
    </form>
  );
}
