import { Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { LABELS, MESSAGES, screenTitle } from '@sim/shared';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { TimedAlert, useTimedAlert } from '../../../components/timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { validateReset } from '../lib/validation';
import { PublicFrame } from './public-frame';

/** /forgotpassword: sets a new password with the email and single-use token of the emailed link. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { alert, show, clear } = useTimedAlert();
  const mutation = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateReset(password, confirm, { email, token });
    if (problem || !email || !token) {
      show('error', problem ?? MESSAGES.resetMissing);
      return;
    }
    clear();
    mutation.mutate(
      { email, password, token },
      {
        onSuccess: () => {
          setPassword('');
          setConfirm('');
          show('success', MESSAGES.resetSuccess);
        },
        onError: (error) => show('error', errorMessage(error)),
      },
    );
  };

  return (
    <PublicFrame>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
            {screenTitle('/forgotpassword', '').title}
          </Typography>
          {email ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {email}
            </Typography>
          ) : null}
          <TimedAlert alert={alert} onClose={clear} />
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              <TextField
                label={LABELS.newPassword}
                type="password"
                name="new-password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                fullWidth
              />
              <TextField
                label={LABELS.confirmPassword}
                type="password"
                name="confirm-password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={mutation.isPending}
                startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {LABELS.savePassword}
              </Button>
              <Link component={RouterLink} to="/login" variant="body2">
                {LABELS.backToSignIn}
              </Link>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
