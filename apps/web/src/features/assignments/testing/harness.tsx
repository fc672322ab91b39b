import type { TSessionUser, TUserDetailsResponse, TUserPermission } from '@sim/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { setNavigationHandler } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { ToastProvider } from '../../../lib/toast';

/*
 * A small harness for the dashboard's features: a signed-in user with chosen permissions, fetch answered by
 * a handler (every call recorded), and a memory router around the component under test. It does not load
 * src/app (the shell and the route table), so these tests exercise the features alone.
 */

/** A row id as the server makes them (a UUID). */
export const rowId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ME = rowId(1);

export function makeUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    _id: ME,
    first_name: 'Ada',
    last_name: 'Lovelace',
    nick_name: null,
    email_id: 'ada@demo.local',
    role: 'admin',
    role_id: rowId(900),
    profile_pic_url: null,
    company_id: rowId(800),
    company_name: 'Demo Health',
    is_platform_admin: false,
    ...overrides,
  };
}

function permissionsOf(keys: readonly string[], roleName: string): TUserPermission[] {
  return [
    {
      role_id: rowId(900),
      role_name: roleName,
      temporary: false,
      start_date: null,
      end_date: null,
      permission_details: keys.map((key, i) => {
        const [task_name, permission_type] = key.split(':') as [string, 'view' | 'create' | 'update' | 'delete'];
        return { task_id: `t-${task_name}`, task_name, permission_type, permission_id: `p${i}` };
      }),
    },
  ];
}

/** Signs the user in (token and user stored) and returns the session answer for those permissions. */
export function signInAs(keys: readonly string[], overrides: Partial<TSessionUser> = {}): TUserDetailsResponse {
  const user = makeUser(overrides);
  saveSession('test-token', user);
  return { success: true, user, permissions: permissionsOf(keys, user.role), new_notifications: 0 };
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

/**
 * Stubs fetch: the session answer for user-details, the handler for the rest (an unhandled call answers 404
 * 'not mocked'). Returns the recorded calls, the session's excluded.
 */
export function mockApi(session: TUserDetailsResponse, handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(session);
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const call = { method: init?.method ?? 'GET', path: url.pathname, body, query: url.searchParams };
    calls.push(call);
    return (await handler(call)) ?? jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** The take-sim screen's stand-in: shows the URL and navigation state it was opened with. */
function TakeSimProbe() {
  const location = useLocation();
  return (
    <div data-testid="take-sim">
      <span data-testid="take-sim-search">{location.search}</span>
      <span data-testid="take-sim-state">{JSON.stringify(location.state)}</span>
    </div>
  );
}

export interface RenderOptions {
  url?: string;
  state?: unknown;
}

/** Renders the element at /dashboard (and the take-sim stand-in at /sims/takesim) with a fresh query client. */
export function renderAtDashboard(element: ReactElement, { url = '/dashboard', state }: RenderOptions = {}) {
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
          { path: '/dashboard', element },
          { path: '/sims/takesim', element: <TakeSimProbe /> },
          { path: '*', element: <div data-testid="elsewhere" /> },
        ],
      },
    ],
    {
      initialEntries: [
        { pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state },
      ],
    },
  );
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** The search params of the router's current location. */
export const searchOf = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

/**
 * Catches what saveBlob hands to the browser: the file name of the download link it clicks.
 * jsdom has no object URLs, so they are stubbed too.
 */
export function catchDownloads() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
  return names;
}
