import type { TSessionUser, TUserDetailsResponse, TUserPermission } from '@sim/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { preloadRoutes, routes } from '../app/router';
import { setNavigationHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

// The routes are lazy; a test file loads their modules once up front, as the app did when they were not, so
// that the timeouts of `findBy…` measure the page and not the loading of its code.
await preloadRoutes();

export function makeUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    _id: 'u1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    nick_name: null,
    email_id: 'ada@demo.local',
    role: 'admin',
    role_id: 'r1',
    profile_pic_url: null,
    company_id: 'c1',
    company_name: 'Demo Health',
    is_platform_admin: false,
    ...overrides,
  };
}

export function makePermissions(keys: readonly string[], roleName = 'admin'): TUserPermission[] {
  return [
    {
      role_id: 'r1',
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

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** Stubs fetch with a router of handlers; an unhandled call answers 404. */
export function mockFetch(handler: Route) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    return (
      (await handler(url, init)) ?? jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404)
    );
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Signs a user in as the app would after login: token and user in local storage. */
export function signIn(user: TSessionUser) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
}

export function userDetails(user: TSessionUser, keys: readonly string[], newNotifications = 0): TUserDetailsResponse {
  return { success: true, user, permissions: makePermissions(keys, user.role), new_notifications: newNotifications };
}

/** Renders the whole route table at a URL, like the real app. */
export function renderApp(initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  setNavigationHandler((to, options) => void router.navigate(to, options));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}
