import { MESSAGES } from '@sim/shared';
import { buildTeam, expect, mainMenu, submitSignIn, type Team, test } from './support';

interface Outbox {
  success: true;
  total: number;
  emails: { _id: string; to: string; subject: string; text: string; created_at: string }[];
}

let team: Team;
test.beforeAll(async ({ seed }) => {
  team = await buildTeam(seed);
});

test('forgot password → email → reset link → new password → sign in', async ({ page, request }) => {
  const EMAIL = team.users.agent2.email;
  const adminToken = team.tokens.admin; // a platform administrator reads the outbox
  const readOutbox = async (): Promise<Outbox> => {
    const response = await request.get(`/api/v1/outbox?to=${encodeURIComponent(EMAIL)}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as Outbox;
  };
  const before = (await readOutbox()).total;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'SEND' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.forgotEmailRequired);
  await dialog.getByLabel('Email').fill(EMAIL);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/forgot-password'));
  await dialog.getByRole('button', { name: 'SEND' }).click();
  const body = (await (await answer).json()) as { message: string };
  await expect(dialog.getByRole('alert')).toHaveText(body.message);

  await expect.poll(async () => (await readOutbox()).total).toBeGreaterThan(before);
  const email = (await readOutbox()).emails[0];
  expect(email.to).toBe(EMAIL);
  const link = email.text.match(/https?:\/\/\S+\/forgotpassword\?\S+/)?.[0];
  expect(link, email.text).toBeTruthy();
  const resetUrl = new URL(link ?? '');
  expect(resetUrl.searchParams.get('email')).toBe(EMAIL);
  expect(resetUrl.searchParams.get('token')).toBeTruthy();

  // The link's host is the server's public URL; open the same path on the server under test.
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await page.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetMissing);
  await page.getByLabel('New Password').fill('Changed@12345');
  await page.getByLabel('Confirm Password').fill('Changed@54321');
  await page.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetMismatch);
  const newPassword = `New@${Date.now()}`;
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  // a successful reset goes to sign-in, which says so
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetSuccess);

  // The link is single use.
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetBadToken);

  await page.getByRole('link', { name: 'Go Back To Sign in Page' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, EMAIL, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page)).toBeVisible();
});
