import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlainPageSpinner } from '../components/plain/spinner';
import { LoginPage } from '../features/auth/components/login-page';
import { PROTECTED_ROUTE_ID, TAKE_SIM_ROUTE_ID } from './routes/first-load-prefetch';
import { RootLayout } from './routes/root-layout';
import { RouteErrorPage } from './routes/route-error-page';

/** The first screen while the route modules of the URL load (the first page load only; MUI may not be there yet). */
function FirstLoad() {
  return <PlainPageSpinner minHeight="100vh" />;
}

/**
 * The route table of administration-and-support.md section 2. Every page but /login is its own chunk,
 * loaded by the router (`lazy`) when the URL first needs it: /login loads neither the shell nor the
 * builder, the lists or the audio code. A navigation keeps the current page (and the shell) on screen
 * until the next one has loaded; the shell shows a progress bar meanwhile. /login uses no MUI; every other
 * route is under the MUI layout (theme and CssBaseline), loaded with the first of them.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: FirstLoad,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        lazy: () => import('./routes/mui-layout').then((m) => ({ Component: m.MuiLayout })),
        children: [
          {
            path: '/permissiondenied',
            lazy: () =>
              import('../features/auth/components/permission-denied-page').then((m) => ({
                Component: m.PermissionDeniedPage,
              })),
          },
          {
            path: '/forgotpassword',
            lazy: () =>
              import('../features/auth/components/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            // the first load of a URL under this route starts the session query at once (first-load-prefetch.ts)
            id: PROTECTED_ROUTE_ID,
            lazy: () => import('./guards').then((m) => ({ Component: m.ProtectedLayout })),
            children: [
              {
                // an error of a page shows inside the shell (menu and top bar stay) and is reported once; its
                // module (and the error report's) loads with the first protected page, not with /login
                lazy: () => import('./routes/page-error-page').then((m) => ({ ErrorBoundary: m.PageErrorPage })),
                children: [
                  { path: '/', lazy: dashboard },
                  { path: '/dashboard', lazy: dashboard },
                  {
                    path: '/sims',
                    lazy: () =>
                      import('../features/sims/components/sims-route').then((m) => ({ Component: m.SimsRoute })),
                  },
                  {
                    path: '/sims/createsim',
                    lazy: () =>
                      import('./routes/sim-builder-route').then((m) => ({
                        Component: m.SimBuilderRoute,
                      })),
                  },
                  {
                    path: '/sims/preview',
                    lazy: () =>
                      import('../features/sim-levels/components/sim-preview-page').then((m) => ({
                        Component: m.SimPreviewRoute,
                      })),
                  },
                  {
                    path: '/sims/print',
                    lazy: () =>
                      import('../features/sim-levels/components/level-print-page').then((m) => ({
                        Component: m.LevelPrintRoute,
                      })),
                  },
                  {
                    // learners take levels and read their results here: not under NotForAgents
                    id: TAKE_SIM_ROUTE_ID,
                    path: '/sims/takesim',
                    lazy: () => import('./routes/take-sim-route').then((m) => ({ Component: m.TakeSimRoute })),
                  },
                  {
                    lazy: () => import('./guards').then((m) => ({ Component: m.NotForAgents })),
                    children: [
                      {
                        path: '/admin',
                        lazy: () => import('./routes/admin-page').then((m) => ({ Component: m.AdminPage })),
                      },
                      {
                        path: '/admin/createuser',
                        lazy: () =>
                          import('../features/users/components/user-form-page').then((m) => ({
                            Component: m.UserFormPage,
                          })),
                      },
                    ],
                  },
                  { path: '/tools', lazy: comingSoon },
                  { path: '/account', lazy: comingSoon },
                  {
                    path: '/settings',
                    lazy: () =>
                      import('../features/users/components/settings-page').then((m) => ({ Component: m.SettingsPage })),
                  },
                  {
                    path: '/helpdesk',
                    lazy: () =>
                      import('../features/helpdesk/components/helpdesk-page').then((m) => ({
                        Component: m.HelpdeskPage,
                      })),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

function dashboard() {
  return import('./routes/dashboard-route').then((m) => ({ Component: m.DashboardRoute }));
}

function comingSoon() {
  return import('./routes/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
}

/** Loads the module of every lazy route (the tests do, so that a page's first render is not a module load). */
export async function preloadRoutes(list: RouteObject[] = routes): Promise<void> {
  await Promise.all(
    list.flatMap((route) => [
      typeof route.lazy === 'function' ? route.lazy() : undefined,
      route.children ? preloadRoutes(route.children) : undefined,
    ]),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
