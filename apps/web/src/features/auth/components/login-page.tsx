import { Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { LABELS, PRODUCT_NAME, safeRedirect } from '@sim/shared';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TextInput } from '../../../components/text-input';
import { TimedAlert, useTimedAlert } from '../../../components/timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { forgetRedirect, getToken, readRememberedRedirect } from '../../../lib/auth-storage';
import { useInvitation } from '../api/check-invitation';
import { useLogin } from '../api/login';
import { validateSignIn } from '../lib/validation';
import { PublicFrame } from './public-frame';

// Only an invitation link opens registration: its form code (masks, form library) loads then, not with /login.
// The forgot-password dialog loads when first opened.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const RegistrationDialog = lazy(() => import('./registration-dialog').then((m) => ({ default: m.RegistrationDialog })));

function rememberedFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') return state.from;
  return readRememberedRedirect();
}

function isSignOut(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && 'signedOut' in state && state.signedOut === true);
}

/** /login: email and password, forgot password, and account creation with a valid invitation. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const allowNewCompany = searchParams.get('allowNewCompany');
  const [signedInOnArrival] = useState(() => getToken() !== null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const { alert, show, clear } = useTimedAlert();
  const loginMutation = useLogin();
  const invitation = useInvitation(allowNewCompany);
  const remembered = rememberedFrom(location.state);
  const signedOut = isSignOut(location.state);

  if (signedInOnArrival && !allowNewCompany && !signedOut) return <Navigate to={safeRedirect(remembered)} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignIn(email, password);
    if (problem) {
      show('error', problem);
      return;
    }
    clear();
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => {
          forgetRedirect();
          navigate(data.login_to_agent_account ? '/dashboard' : safeRedirect(remembered), { replace: true });
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
            {PRODUCT_NAME}
          </Typography>
          <TimedAlert alert={alert} onClose={clear} />
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              <TextInput
                label={LABELS.email}
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                fullWidth
                autoFocus
              />
              <TextInput
                label={LABELS.password}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={loginMutation.isPending}
                startIcon={loginMutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {LABELS.signIn}
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    setForgotUsed(true);
                    setForgotOpen(true);
                  }}
                >
                  {LABELS.forgotPassword}
                </Link>
                {allowNewCompany && invitation.data?.valid ? (
                  <Link component="button" type="button" variant="body2" onClick={() => setRegisterOpen(true)}>
                    {LABELS.createAccount}
                  </Link>
                ) : null}
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      ) : null}
      {allowNewCompany ? (
        <Suspense fallback={null}>
          <RegistrationDialog
            open={registerOpen}
            allowNewCompany={allowNewCompany}
            onClose={() => setRegisterOpen(false)}
          />
        </Suspense>
      ) : null}
    </PublicFrame>
  );
}
