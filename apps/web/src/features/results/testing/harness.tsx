import type { TSessionUser, TUserDetailsResponse } from '@sim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { setNavigationHandler } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { ToastProvider } from '../../../lib/toast';
import { LEARNER_ID, REVIEWER_ID, rowId } from './fixtures';

/*
 * The result view's harness: a signed-in user with chosen permissions, fetch answered by a handler (every
 * call recorded), and a memory router with /dashboard as a probe.
 */

/** A learner's default permissions (DECISIONS.md §8): own assignments, notepad, assessor notes view. */
export const LEARNER = ['assignment:view', 'my_notepad:view', 'assessor_notes:view'];
/** A supervisor: views, reviews and assessor notes. */
export const SUPERVISOR = [
  'all_assignments:view',
  'assignment:view',
  'review_assignments:view',
  'assessor_notes:view',
  'assessor_notes:create',
  'assessor_notes:update',
  'employee_list:view',
];

export function signInAs(keys: readonly string[], who: 'learner' | 'reviewer'): TUserDetailsResponse {
  const user: TSessionUser = {
    _id: who === 'learner' ? LEARNER_ID : REVIEWER_ID,
    first_name: who === 'learner' ? 'Alex' : 'Sofia',
    last_name: who === 'learner' ? 'Agent' : 'Supervisor',
    nick_name: null,
    email_id: `${who}@demo.local`,
    role: who === 'learner' ? 'agent' : 'supervisor',
    role_id: rowId(900),
    profile_pic_url: null,
    company_id: rowId(800),
    company_name: 'Demo Health',
    is_platform_admin: false,
  };
  saveSession('test-token', user);
  return {
    success: true,
    user,
    new_notifications: 0,
    permissions: [
      {
        role_id: rowId(900),
        role_name: user.role,
        temporary: false,
        start_date: null,
        end_date: null,
        permission_details: keys.map((key, i) => {
          const [task_name, permission_type] = key.split(':') as [string, 'view' | 'create' | 'update' | 'delete'];
          return { task_id: `t-${task_name}`, task_name, permission_type, permission_id: `p${i}` };
        }),
      },
    ],
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
export const ok = (body: Record<string, unknown> = {}) => jsonResponse({ success: true, ...body });
export const refusal = (status: number, message: string, code = 'RULE_BROKEN') =>
  jsonResponse({ success: false, message, code }, status);

export interface Call {
  method: string;
  path: string;
  body: unknown;
  query: URLSearchParams;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Stubs fetch: the session for user-details, the handler for the rest (unhandled: 404 'not mocked'). */
export function mockApi(session: TUserDetailsResponse, handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(session);
      const raw = init?.body;
      const body = typeof raw === 'string' ? JSON.parse(raw) : undefined;
      const call = { method: init?.method ?? 'GET', path: url.pathname, body, query: url.searchParams };
      calls.push(call);
      return (await handler(call)) ?? jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404);
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

/** <audio> in jsdom: play and pause record themselves and fire their events. */
export function fakeAudio() {
  const played: string[] = [];
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
  return { played, play, pause };
}

function DashboardProbe() {
  const location = useLocation();
  return (
    <div data-testid="dashboard">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </div>
  );
}

/** Renders the element at `url` (a /sims/takesim URL) with /dashboard (and any other path) as a probe. */
export function renderAt(element: ReactElement, url: string, state?: unknown) {
  const [pathname, search = ''] = url.split('?');
  const router = createMemoryRouter(
    [
      {
        // the app's toasts, as the MUI layout gives every page
        element: (
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        ),
        children: [
          { path: '/sims/takesim', element },
          { path: '/dashboard', element: <DashboardProbe /> },
          { path: '*', element: <DashboardProbe /> },
        ],
      },
    ],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '', state }] },
  );
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MuiTheme>
        <RouterProvider router={router} />
      </MuiTheme>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function resultPath(query: Record<string, string> = {}) {
  return `/sims/takesim?${new URLSearchParams({ viewResult: 'true', ...query }).toString()}`;
}
