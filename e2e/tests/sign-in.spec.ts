import { MESSAGES } from '@sim/shared';
import { DEMO_PASSWORD, expect, mainMenu, signIn, submitSignIn, test } from './support';

test.describe('sign-in', () => {
  test('empty fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginMissingFields);
    await page.getByLabel('Email').fill('admin@demo.local');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginMissingFields);
  });

  test('bad email', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, 'admin-at-demo', DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginInvalidEmail);
  });

  test('wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/') && r.request().method() === 'POST');
    await submitSignIn(page, 'manager@demo.local', 'Wrong@12345');
    const response = await answer;
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    await expect(page.getByRole('alert')).toHaveText(body.message);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a deep link while signed out goes to /login and returns there after sign-in', async ({ page }) => {
    await page.goto('/tools?x=1');
    await expect(page).toHaveURL(/\/login$/);
    // a reload of the sign-in page keeps the wanted URL
    await page.reload();
    await submitSignIn(page, 'supervisor@demo.local', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/tools\?x=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'TOOLS' })).toBeVisible();
    await expect(page.getByText(MESSAGES.comingSoon)).toBeVisible();
  });

  test('take-sim remembers /sims', async ({ page }) => {
    await page.goto('/sims/takesim?levelId=1&assignment_id=2');
    await expect(page).toHaveURL(/\/login$/);
    await submitSignIn(page, 'owner@demo.local', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/sims$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(MESSAGES.notFoundPage)).toBeVisible();
  });

  test('the permission-denied page', async ({ page }) => {
    await page.goto('/permissiondenied');
    await expect(page.getByText(MESSAGES.permissionDenied)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('SIGN OUT returns to /login and protected pages then redirect', async ({ page }) => {
    await signIn(page, 'manager@demo.local');
    await page.getByRole('button', { name: 'SIGN OUT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(mainMenu(page)).toHaveCount(0);
  });

  test('an invalid invitation does not offer account creation', async ({ page }) => {
    const check = page.waitForResponse((r) => r.url().includes('/api/v1/users/check-invitation'));
    await page.goto('/login?allowNewCompany=not-a-real-invitation');
    const response = await check;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { valid: boolean }).valid).toBe(false);
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  });

  test('a token the server refuses (401) is dropped and the user sent to /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-valid-token');
      localStorage.setItem('user', JSON.stringify({ first_name: 'Stale' }));
    });
    await page.goto('/helpdesk?tab=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await submitSignIn(page, 'admin@demo.local', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/helpdesk\?tab=1$/);
  });
});
