import { LABELS, MESSAGES, PRODUCT_NAME, safeRedirect } from '@sim/shared';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PlainTimedAlert } from '../../../components/plain/alert';
import { PlainButton } from '../../../components/plain/button';
import { PlainCard } from '../../../components/plain/card';
import { PlainSpinner } from '../../../components/plain/spinner';
import { PlainTextField } from '../../../components/plain/text-field';
import { useTimedAlert } from '../../../components/use-timed-alert';
import { errorMessage } from '../../../lib/api-client';
import { forgetRedirect, getToken, readRememberedRedirect } from '../../../lib/auth-storage';
import { useInvitation } from '../api/check-invitation';
import { useLogin } from '../api/login';
import { isPasswordResetState } from '../lib/sign-in-state';
import { validateSignIn } from '../lib/validation';
import { PublicFrame } from './public-frame';
import './login-page.css';

// The page is plain elements and CSS: /login loads no MUI. The dialogs are MUI's, with the app's theme: their
// code, MUI's and the form code of registration (masks, form library) load when one is first opened.
const MuiTheme = lazy(() => import('../../../components/theme/mui-theme').then((m) => ({ default: m.MuiTheme })));
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

/**
 * /login: email and password, forgot password (its dialog starts with the email typed here), and account
 * creation while the invitation of the URL is valid (the link goes once the invitation is used). After a
 * password reset it says the password was changed.
 */
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
  const [registerUsed, setRegisterUsed] = useState(false);
  // the invitation was spent here: no second account with it (the server refuses it too)
  const [invitationSpent, setInvitationSpent] = useState(false);
  const { alert, show, clear } = useTimedAlert();
  const loginMutation = useLogin();
  const invitation = useInvitation(allowNewCompany);
  const remembered = rememberedFrom(location.state);
  const signedOut = isSignOut(location.state);
  // the reset page sends the user here; the new password ended every session, so none is resumed
  const [passwordReset] = useState(() => isPasswordResetState(location.state));

  useEffect(() => {
    if (passwordReset) show('success', MESSAGES.resetSuccess);
  }, [passwordReset, show]);

  if (signedInOnArrival && !allowNewCompany && !signedOut && !passwordReset)
    return <Navigate to={safeRedirect(remembered)} replace />;

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
      <PlainCard>
        <h1 className="sc-login__title">{PRODUCT_NAME}</h1>
        <PlainTimedAlert alert={alert} onClose={clear} />
        <form className="sc-login__form" noValidate onSubmit={onSubmit}>
          <PlainTextField
            label={LABELS.email}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <PlainTextField
            label={LABELS.password}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PlainButton
            type="submit"
            variant="contained"
            size="large"
            disabled={loginMutation.isPending}
            startIcon={loginMutation.isPending ? <PlainSpinner size={18} color="inherit" /> : undefined}
          >
            {LABELS.signIn}
          </PlainButton>
          <div className="sc-login__links">
            <PlainButton
              variant="link"
              onClick={() => {
                setForgotUsed(true);
                setForgotOpen(true);
              }}
            >
              {LABELS.forgotPassword}
            </PlainButton>
            {allowNewCompany && invitation.data?.valid && !invitationSpent ? (
              <PlainButton
                variant="link"
                onClick={() => {
                  setRegisterUsed(true);
                  setRegisterOpen(true);
                }}
              >
                {LABELS.createAccount}
              </PlainButton>
            ) : null}
          </div>
        </form>
      </PlainCard>
      {forgotUsed ? (
        <LazyDialog>
          <ForgotPasswordDialog open={forgotOpen} initialEmail={email.trim()} onClose={() => setForgotOpen(false)} />
        </LazyDialog>
      ) : null}
      {allowNewCompany && registerUsed ? (
        <LazyDialog>
          <RegistrationDialog
            open={registerOpen}
            allowNewCompany={allowNewCompany}
            onRegistered={() => {
              setInvitationSpent(true);
              void invitation.refetch();
            }}
            onClose={() => setRegisterOpen(false)}
          />
        </LazyDialog>
      ) : null}
    </PublicFrame>
  );
}

/** A dialog of the page, with the MUI theme; nothing shows while their code loads. */
function LazyDialog({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <MuiTheme>{children}</MuiTheme>
    </Suspense>
  );
}
