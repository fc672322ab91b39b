import { ALERT_TIMEOUT_MS, MESSAGES } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makePermissions,
  makeUser,
  mockFetch,
  renderApp,
  userDetails,
} from '../../../testing/render-app';

async function submit(email: string, password: string) {
  const ue = userEvent.setup();
  if (email) await ue.type(await screen.findByLabelText('Email'), email);
  if (password) await ue.type(screen.getByLabelText('Password'), password);
  await ue.click(screen.getByRole('button', { name: 'SIGN IN' }));
}

describe('sign-in page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('labels its fields, tied to their inputs, and starts in the email field', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'SimCentre' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.name).toBe('email');
    expect(email.autocomplete).toBe('username');
    expect(document.activeElement).toBe(email);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(email);
    expect(screen.getByRole('button', { name: 'SIGN IN' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByText('© SimCentre. All rights reserved.')).toBeTruthy();
  });

  it('signs in with Enter: sends the trimmed email, stores the session and goes to the dashboard', async () => {
    const user = makeUser();
    const permissions = makePermissions([]);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockFetch((url) => {
      if (url.pathname === '/api/v1/login/')
        return answered.then(() =>
          jsonResponse({
            success: true,
            token: 'new-token',
            expires_at: '2099-01-01T00:00:00.000Z',
            user,
            permissions,
            login_to_agent_account: false,
          }),
        );
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(user, []));
      return undefined;
    });
    const { router } = renderApp('/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), ' admin@demo.local ');
    await ue.type(screen.getByLabelText('Password'), 'Secret@123{Enter}');

    // while the server answers, the button is disabled
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'SIGN IN' }) as HTMLButtonElement).disabled).toBe(true),
    );
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/v1/login/');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'admin@demo.local', password: 'Secret@123' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('after sign-in returns to the remembered page', async () => {
    sessionStorage.setItem('redirectUrl', '/settings?tab=2');
    const user = makeUser();
    mockFetch((url) =>
      url.pathname === '/api/v1/login/'
        ? jsonResponse({
            success: true,
            token: 't',
            expires_at: '2099-01-01T00:00:00.000Z',
            user,
            permissions: makePermissions([]),
            login_to_agent_account: false,
          })
        : undefined,
    );
    const { router } = renderApp('/login');
    await submit('admin@demo.local', 'Secret@123');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/settings?tab=2'),
    );
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
  });

  it('closes the alert with its close button', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'SIGN IN' }));
    const alert = await screen.findByRole('alert');
    await ue.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    { case: 'both empty', email: '', password: '', message: MESSAGES.loginMissingFields },
    { case: 'password empty', email: 'admin@demo.local', password: '', message: MESSAGES.loginMissingFields },
    { case: 'email empty', email: '', password: 'secret', message: MESSAGES.loginMissingFields },
    { case: 'bad email', email: 'admin-at-demo', password: 'secret', message: MESSAGES.loginInvalidEmail },
  ])('$case → "$message", without calling the server', async ({ email, password, message }) => {
    const fetchMock = mockFetch(() => undefined);
    renderApp('/login');
    await submit(email, password);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    { status: 401, message: 'Invalid email or password.' },
    { status: 429, message: 'Too many sign-in attempts. Please wait a minute and try again.' },
  ])('shows the server message of a $status', async ({ status, message }) => {
    mockFetch((url) =>
      url.pathname === '/api/v1/login/' ? jsonResponse({ success: false, message, code: 'X' }, status) : undefined,
    );
    const { router } = renderApp('/login');
    await submit('admin@demo.local', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears the alert after ALERT_TIMEOUT_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => undefined);
    renderApp('/login');
    const ue = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ue.click(await screen.findByRole('button', { name: 'SIGN IN' }));
    await screen.findByRole('alert');
    act(() => {
      vi.advanceTimersByTime(ALERT_TIMEOUT_MS - 500);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the top links', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    for (const name of ['CONTACT US', 'ABOUT US', 'HELP'])
      expect(await screen.findByRole('button', { name })).toBeTruthy();
  });

  it('forgot password: validates, then sends the email and the reset page URL and shows the answer', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/v1/login/forgot-password'
        ? jsonResponse({ success: true, message: 'Check your inbox.' })
        : undefined,
    );
    renderApp('/login');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    await ue.click(within(dialog).getByRole('button', { name: 'SEND' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MESSAGES.forgotEmailRequired);
    await ue.type(within(dialog).getByLabelText('Email'), 'agent@demo.local');
    await ue.click(within(dialog).getByRole('button', { name: 'SEND' }));
    await within(dialog).findByText('Check your inbox.');
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('forgot-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'agent@demo.local',
      url: `${window.location.origin}/forgotpassword`,
    });
  });

  it('offers Create account only with a valid invitation', async () => {
    mockFetch((url) => {
      if (url.pathname !== '/api/v1/users/check-invitation') return undefined;
      const valid = url.searchParams.get('allowNewCompany') === 'good';
      return jsonResponse({ success: true, valid, expires_at: null });
    });
    const { unmount } = renderApp('/login?allowNewCompany=bad');
    await screen.findByRole('button', { name: 'SIGN IN' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    unmount();

    renderApp('/login?allowNewCompany=good');
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('does not ask about an invitation without the query value', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderApp('/login');
    await screen.findByRole('button', { name: 'SIGN IN' });
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgot password: the dialog starts with the email typed on the page', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Email'), ' agent@demo.local ');
    await ue.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('agent@demo.local');
  });

  it('stops offering Create account once the invitation is used', async () => {
    let used = false;
    mockFetch((url) => {
      if (url.pathname === '/api/v1/users/check-invitation')
        return jsonResponse({ success: true, valid: !used, expires_at: null });
      if (url.pathname === '/api/v1/users/register') {
        used = true;
        return jsonResponse({ success: true, message: MESSAGES.registrationSuccess });
      }
      return undefined;
    });
    renderApp('/login?allowNewCompany=inv-1');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog');
    const d = within(dialog);
    await ue.type(d.getByLabelText(/First Name/), 'Grace');
    await ue.type(d.getByLabelText(/Last Name/), 'Hopper');
    await ue.type(d.getByLabelText(/Company Name/), 'Navy Calls');
    await ue.type(d.getByLabelText(/Phone Number/), '5551234567');
    await ue.type(d.getByLabelText(/^Email/), 'grace@navy.example');
    await ue.type(d.getByLabelText(/^Password/), 'Secret@123');
    await ue.click(d.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(await d.findByText(MESSAGES.registrationSuccess)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull());
  });

  it('after a password reset says so, and does not resume a stored session', async () => {
    localStorage.setItem('token', 'old-token');
    mockFetch(() => undefined);
    const { router } = renderApp('/permissiondenied');
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/login', { state: { passwordReset: true } }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetSuccess);
    expect(router.state.location.pathname).toBe('/login');
  });
});
