import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../testing/render-app';

/** The primary colour MUI gave a contained button (theme.ts: #1f4e8c; MUI's default is #1976d2). */
function containedColour(button: HTMLElement): string {
  return getComputedStyle(button).getPropertyValue('--variant-containedBg').trim();
}

/** The page background CssBaseline sets (theme.ts: #f4f6f9); empty without CssBaseline (tests load no CSS file). */
function bodyBackground(): string {
  return getComputedStyle(document.body).backgroundColor;
}

describe('the MUI theme', () => {
  it.each([
    { path: '/permissiondenied', button: 'Back to Dashboard' },
    { path: '/no/such/page', button: 'Back to Dashboard' },
    { path: '/forgotpassword?email=a@b.co&token=tok-123456789', button: 'SAVE PASSWORD' },
  ])('reaches the public MUI page $path, with CssBaseline', async ({ path, button }) => {
    mockFetch(() => undefined);
    renderApp(path);
    const element = await screen.findByRole(button === 'SAVE PASSWORD' ? 'button' : 'link', { name: button });
    expect(containedColour(element)).toBe('#1f4e8c');
    expect(bodyBackground()).toBe('rgb(244, 246, 249)');
  });

  it('reaches the protected pages', async () => {
    const user = makeUser();
    signIn(user);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(user, [])) : undefined,
    );
    renderApp('/dashboard');
    await screen.findByText('Ada Lovelace');
    expect(bodyBackground()).toBe('rgb(244, 246, 249)');
  });

  it('is not mounted on /login, but reaches the dialogs it opens', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    expect(containedColour(within(dialog).getByRole('button', { name: 'SEND' }))).toBe('#1f4e8c');
  });

  it('leaves /login without MUI styles', async () => {
    mockFetch(() => undefined);
    renderApp('/login');
    await screen.findByRole('button', { name: 'SIGN IN' });
    expect(document.body.querySelector('[class*="Mui"]')).toBeNull();
    expect(bodyBackground()).not.toBe('rgb(244, 246, 249)');
  });
});
