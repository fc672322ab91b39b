import { ALERT_TIMEOUT_MS, MESSAGES } from '@sim/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/render-app';

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
});
