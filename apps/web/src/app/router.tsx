import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { PermissionDeniedPage } from '../features/auth/components/permission-denied-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { SimBuilderRoute } from '../features/sim-builder/components/sim-builder-route';
import { LevelPrintRoute } from '../features/sim-levels/components/level-print-page';
import { SimPreviewRoute } from '../features/sim-levels/components/sim-preview-page';
import { SimsRoute } from '../features/sims/components/sims-route';
import { SettingsPage } from '../features/users/components/settings-page';
import { UserFormPage } from '../features/users/components/user-form-page';
import { NotForAgents, ProtectedLayout } from './guards';
import { AdminPage } from './routes/admin-page';
import { ComingSoonPage } from './routes/coming-soon-page';
import { NotFoundPage } from './routes/not-found-page';
import { RootLayout } from './routes/root-layout';
import { RouteErrorPage } from './routes/route-error-page';

/** The route table of administration-and-support.md section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/permissiondenied', element: <PermissionDeniedPage /> },
      { path: '/forgotpassword', element: <ResetPasswordPage /> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/', element: <DashboardPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/sims', element: <SimsRoute /> },
          { path: '/sims/createsim', element: <SimBuilderRoute /> },
          { path: '/sims/preview', element: <SimPreviewRoute /> },
          { path: '/sims/print', element: <LevelPrintRoute /> },
          { path: '/sims/takesim', element: <ComingSoonPage /> },
          {
            element: <NotForAgents />,
            children: [
              { path: '/admin', element: <AdminPage /> },
              { path: '/admin/createuser', element: <UserFormPage /> },
            ],
          },
          { path: '/tools', element: <ComingSoonPage /> },
          { path: '/account', element: <ComingSoonPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/helpdesk', element: <ComingSoonPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
