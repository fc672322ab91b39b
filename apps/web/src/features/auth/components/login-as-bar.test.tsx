import { LOGIN_AS_TEXTS, MESSAGES } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makePermissions,
  makeUser,
  mockFetch,
  renderApp,
  userDetails,
} from '../../../testing/render-app';

/** A token shaped like the server's (only its claims are read by the web app). */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'agent-1', cid: 'c1', ...claims })}.signature`;
}

const AGENT = makeUser({ _id: 'agent-1', first_name: 'Alex', last_name: 'Agent', role: 'agent' });
const ADMIN = makeUser({ _id: 'admin-1', first_name: 'Ada', last_name: 'Admin', role: 'admin' });
const ADMIN_KEYS = ['employee_list:view', 'employee_list:update'];

function signInWith(token: string) {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(AGENT));
}

describe('login-as bar', () => {
  it('shows who the administrator is signed in as, and takes them back to their own account and the admin screen', async () => {
    signInWith(tokenWith({ act: 'admin-1' }));
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/v1/permissions/user-details') {
        const admin = localStorage.getItem('token') === 'admin-token';
        return jsonResponse(admin ? userDetails(ADMIN, ADMIN_KEYS) : userDetails(AGENT, []));
      }
      if (url.pathname === '/api/v1/login/back-to-own-account' && init?.method === 'POST')
        return jsonResponse({
          success: true,
          token: 'admin-token',
          expires_at: '2099-01-01T00:00:00.000Z',
          user: ADMIN,
          permissions: makePermissions(ADMIN_KEYS),
          login_to_agent_account: false,
        });
      return undefined;
    });
    const { router } = renderApp('/tools');
    const bar = await screen.findByRole('region', { name: LOGIN_AS_TEXTS.bar('Alex Agent') });
    expect(within(bar).getByText(LOGIN_AS_TEXTS.bar('Alex Agent'))).toBeTruthy();

    await userEvent.setup().click(within(bar).getByRole('button', { name: LOGIN_AS_TEXTS.back }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('token')).toBe('admin-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')._id).toBe('admin-1');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/back-to-own-account'))).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /You are signed in to the account of/ })).toBeNull(),
    );
  });

  it('says why when the way back is refused, and stays', async () => {
    signInWith(tokenWith({ act: 'admin-1' }));
    mockFetch((url) => {
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(AGENT, []));
      if (url.pathname === '/api/v1/login/back-to-own-account')
        return jsonResponse({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound }, 404);
      return undefined;
    });
    const { router } = renderApp('/tools');
    const bar = await screen.findByRole('region', { name: LOGIN_AS_TEXTS.bar('Alex Agent') });
    await userEvent.setup().click(within(bar).getByRole('button', { name: LOGIN_AS_TEXTS.back }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.notFound);
    expect(router.state.location.pathname).toBe('/tools');
  });

  it.each([
    { case: 'a token of one’s own account', token: tokenWith({}) },
    { case: 'a token that is not a JWT', token: 'test-token' },
  ])('is absent with $case', async ({ token }) => {
    signInWith(token);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(AGENT, [])) : undefined,
    );
    renderApp('/tools');
    expect(await screen.findByText(MESSAGES.comingSoon)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LOGIN_AS_TEXTS.back })).toBeNull();
  });
});
