import { guardProtected, hasAnyPermission } from '@sim/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '../components/error-state';
import { PageSpinner } from '../components/page-spinner';
import { rememberRedirect, useAuthToken } from '../lib/auth-storage';
import { useSession } from '../lib/session';
import { ADMIN_TASKS } from './menu';
import { AppShell } from './shell/app-shell';

/**
 * Protected routes: signed out → /login, remembering the wanted URL in the navigation state and in
 * sessionStorage (so a reload of /login keeps it). Signed in → the shell, once the session is loaded.
 */
export function ProtectedLayout() {
  const token = useAuthToken();
  const location = useLocation();
  const decision = guardProtected(token !== null, location.pathname, location.search);
  if (decision.kind === 'login') {
    rememberRedirect(decision.remember);
    return <Navigate to="/login" replace state={{ from: decision.remember }} />;
  }
  return <SessionGate />;
}

function SessionGate() {
  const { query } = useSession();
  if (!query.data) {
    if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    return <PageSpinner minHeight="100vh" />;
  }
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/**
 * /admin and /admin/createuser: a user without any Admin permission (an agent) is sent to /dashboard; the
 * permissions decide, never the role's name.
 */
export function NotForAgents() {
  const { permissions } = useSession();
  if (!ADMIN_TASKS.some((task) => hasAnyPermission(permissions, task))) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
