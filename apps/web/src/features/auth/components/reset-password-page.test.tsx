import { MESSAGES, PASSWORD_RESET_TEXTS } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/render-app';

const URL_WITH_LINK = '/forgotpassword?email=agent%40demo.local&token=reset-token-123456';

async function save(password: string, confirm: string) {
  const ue = userEvent.setup();
  // the page is a lazy route: wait for it
  const button = await screen.findByRole('button', { name: 'SAVE PASSWORD' });
  if (password) await ue.type(screen.getByLabelText('New Password'), password);
  if (confirm) await ue.type(screen.getByLabelText('Confirm Password'), confirm);
  await ue.click(button);
}

describe('reset password page', () => {
  it.each([
    { case: 'both empty', password: '', confirm: '', message: MESSAGES.resetMissing },
    { case: 'confirm empty', password: 'NewPass@123', confirm: '', message: MESSAGES.resetMissing },
    { case: 'new empty', password: '', confirm: 'NewPass@123', message: MESSAGES.resetMissing },
    { case: 'mismatch', password: 'NewPass@123', confirm: 'NewPass@124', message: MESSAGES.resetMismatch },
  ])('$case → "$message"', async ({ password, confirm, message }) => {
    const fetchMock = mockFetch(() => undefined);
    renderApp(URL_WITH_LINK);
    await save(password, confirm);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends email, password and token from the URL, then goes to sign-in, which says the password was reset', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/v1/login/reset-password' ? jsonResponse({ success: true }) : undefined,
    );
    const { router } = renderApp(URL_WITH_LINK);
    await save('NewPass@123', 'NewPass@123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetSuccess);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'agent@demo.local',
      password: 'NewPass@123',
      token: 'reset-token-123456',
    });
  });

  it('shows the server message on failure and stays', async () => {
    mockFetch(() => jsonResponse({ success: false, message: MESSAGES.resetBadToken, code: 'INVALID' }, 400));
    const { router } = renderApp(URL_WITH_LINK);
    await save('NewPass@123', 'NewPass@123');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetBadToken);
    expect(router.state.location.pathname).toBe('/forgotpassword');
  });

  it.each(['/forgotpassword', '/forgotpassword?email=agent%40demo.local', '/forgotpassword?token=reset-token-123456'])(
    '%s (no usable link) says the link is invalid instead of showing a form',
    async (url) => {
      const fetchMock = mockFetch(() => undefined);
      renderApp(url);
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetBadToken);
      expect(screen.getByText(PASSWORD_RESET_TEXTS.linkHelp)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'SAVE PASSWORD' })).toBeNull();
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(screen.getByRole('link', { name: 'Go Back To Sign in Page' }).getAttribute('href')).toBe('/login');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('shows the page title as the page heading', async () => {
    mockFetch(() => undefined);
    renderApp(URL_WITH_LINK);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.className).toContain('MuiTypography-pageHeading');
  });

  it('links back to the sign-in page', async () => {
    mockFetch(() => undefined);
    renderApp(URL_WITH_LINK);
    expect((await screen.findByRole('link', { name: 'Go Back To Sign in Page' })).getAttribute('href')).toBe('/login');
  });
});
