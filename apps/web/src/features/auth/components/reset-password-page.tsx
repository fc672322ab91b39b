import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LABELS, MESSAGES, PASSWORD_RESET_TEXTS, screenTitle } from '@sim/shared';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { PASSWORD_RESET_STATE } from '../lib/sign-in-state';
import { validateReset } from '../lib/validation';
import { PublicFrame } from './public-frame';

/**
 * /forgotpassword: sets a new password with the email and single-use token of the emailed link, then goes
 * to the sign-in page. Without both in the URL the page says the link is invalid (a form could only fail).
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const token = searchParams.get('token');
  return (
    <PublicFrame>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <PageHeading>{screenTitle('/forgotpassword', '').title}</PageHeading>
          {email && token ? <ResetForm email={email} token={token} /> : <InvalidLink />}
        </CardContent>
      </Card>
    </PublicFrame>
  );
}

function BackToSignIn() {
  return (
    <Link component={RouterLink} to="/login" variant="body2">
      {LABELS.backToSignIn}
    </Link>
  );
}

function InvalidLink() {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{MESSAGES.resetBadToken}</Alert>
      <Typography color="text.secondary">{PASSWORD_RESET_TEXTS.linkHelp}</Typography>
      <BackToSignIn />
    </Stack>
  );
}

function ResetForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const toast = useToast();
  const mutation = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateReset(password, confirm, { email, token });
    if (problem) {
      toast.show('error', problem);
      return;
    }
    toast.clear();
    mutation.mutate(
      { email, password, token },
      {
        // the link is spent: the sign-in page says the password was changed
        onSuccess: () => void navigate('/login', { replace: true, state: PASSWORD_RESET_STATE }),
        onError: (error) => toast.show('error', errorMessage(error)),
      },
    );
  };

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {email}
      </Typography>
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
          <BackToSignIn />
        </Stack>
      </Box>
    </>
  );
}
