import { ADMIN_TEXTS, MESSAGES } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../testing/render-app';

const ALL_MENU = ['sim_list:view', 'employee_list:view', 'tickets:view', 'company_name:view'];
const AGENT = ['assignment:view', 'tickets:view', 'company_name:view'];

describe('protected routes when signed out', () => {
  it.each([
    { url: '/settings?x=1', remembered: '/settings?x=1' },
    { url: '/dashboard', remembered: '/dashboard' },
    { url: '/sims/takesim?levelId=4&assignment_id=9', remembered: '/sims' },
    { url: '/sims/createsim', remembered: '/sims' },
    { url: '/sims/createsim?simId=42', remembered: '/sims/createsim?simId=42' },
    { url: '/admin/createuser?userId=7', remembered: '/admin/createuser?userId=7' },
  ])('$url → /login remembering $remembered', async ({ url, remembered }) => {
    mockFetch(() => undefined);
    const { router } = renderApp(url);
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((router.state.location.state as { from: string }).from).toBe(remembered);
    expect(sessionStorage.getItem('redirectUrl')).toBe(remembered);
  });

  it('returns to the remembered URL after sign-in', async () => {
    const user = makeUser({ role: 'manager' });
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/v1/login/' && init?.method === 'POST')
        return jsonResponse({
          success: true,
          token: 'abc',
          expires_at: '2099-01-01T00:00:00Z',
          user,
          permissions: userDetails(user, ALL_MENU).permissions,
          login_to_agent_account: false,
        });
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(user, ALL_MENU, 3));
      return undefined;
    });
    const { router } = renderApp('/tools?x=1');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), 'manager@demo.local');
    await ue.type(screen.getByLabelText('Password'), 'Demo@12345');
    await ue.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tools'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByText(MESSAGES.comingSoon)).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').first_name).toBe('Ada');
    const loginCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/v1/login/'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ email: 'manager@demo.local', password: 'Demo@12345' });
    expect(await screen.findByRole('button', { name: 'notifications: 3 new' })).toBeTruthy();
  });

  it('goes to /dashboard when the login answer says login_to_agent_account', async () => {
    const user = makeUser({ role: 'agent' });
    mockFetch((url) => {
      if (url.pathname === '/api/v1/login/')
        return jsonResponse({
          success: true,
          token: 'abc',
          expires_at: '2099-01-01T00:00:00Z',
          user,
          permissions: [],
          login_to_agent_account: true,
        });
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(user, AGENT));
      return undefined;
    });
    const { router } = renderApp('/helpdesk');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), 'agent@demo.local');
    await ue.type(screen.getByLabelText('Password'), 'Demo@12345');
    await ue.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('signed in', () => {
  it('sends an agent from /admin to /dashboard', async () => {
    const agent = makeUser({ role: 'agent', first_name: 'Alex', last_name: 'Agent' });
    signIn(agent);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(agent, AGENT)) : undefined,
    );
    const { router } = renderApp('/admin');
    expect(await screen.findByText('Alex Agent')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an agent from /admin/createuser to /dashboard', async () => {
    const agent = makeUser({ role: 'Agent' });
    signIn(agent);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(agent, AGENT)) : undefined,
    );
    const { router } = renderApp('/admin/createuser?userId=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows /admin to an admin, inside the shell, with the tabs it may see', async () => {
    const admin = makeUser({ role: 'admin' });
    signIn(admin);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(admin, ALL_MENU)) : undefined,
    );
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('tab', { name: ADMIN_TEXTS.tabEmployeeList, selected: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'ADMIN' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ADMIN' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SIGN OUT' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('SimCentre | ADMIN'));
  });

  it('shows the menu the permissions allow', async () => {
    const agent = makeUser({ role: 'agent' });
    signIn(agent);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(agent, AGENT, 1500)) : undefined,
    );
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const names = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(names).toEqual(['DASHBOARD', 'HELPDESK', 'SETTINGS']);
    expect(screen.getByRole('button', { name: 'notifications: 999 new' })).toBeTruthy();
  });

  it('shows an error with a retry when the session cannot be loaded', async () => {
    signIn(makeUser());
    let calls = 0;
    mockFetch((url) => {
      if (url.pathname !== '/api/v1/permissions/user-details') return undefined;
      calls += 1;
      if (calls === 1) return jsonResponse({ success: false, message: 'Database is down', code: 'INTERNAL' }, 500);
      return jsonResponse(userDetails(makeUser(), ALL_MENU));
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Database is down')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'RETRY' }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('a 401 on the session clears it and goes to /login', async () => {
    signIn(makeUser());
    mockFetch(() =>
      jsonResponse({ success: false, message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }, 401),
    );
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('SIGN OUT clears local storage and goes to /login without remembering the page', async () => {
    const admin = makeUser();
    signIn(admin);
    localStorage.setItem('something-else', '1');
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(admin, ALL_MENU)) : undefined,
    );
    const { router } = renderApp('/settings');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'SIGN OUT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
  });
});

describe('public routes', () => {
  it('shows the not-found text on an unknown path', async () => {
    mockFetch(() => undefined);
    renderApp('/no/such/page');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeTruthy();
  });

  it('shows the permission-denied page with a way back', async () => {
    mockFetch(() => undefined);
    renderApp('/permissiondenied');
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
