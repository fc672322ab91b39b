import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@sim/shared';
import { expect, mainMenu, submitSignIn, test } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A new-company invitation made by the server's command, as a platform administrator would. */
function inviteCompany(): URL {
  const output = execFileSync('node', [path.resolve(here, '../../apps/server/dist/invite-company.js'), '--days', '1'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  const link = output.match(/https?:\/\/\S+\/login\?allowNewCompany=\S+/)?.[0];
  expect(link, output).toBeTruthy();
  return new URL(link ?? '');
}

test('a valid invitation offers Create account; the new account signs in', async ({ page }) => {
  const invitation = inviteCompany();
  await page.goto(`${invitation.pathname}${invitation.search}`);
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog');

  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(dialog.getByText(MESSAGES.requiredField)).toHaveCount(6);

  const email = `founder-${Date.now()}@new-company.example`;
  await dialog.getByLabel('First Name').fill('Fran');
  await dialog.getByLabel('Last Name').fill('Founder');
  await dialog.getByLabel('Company Name').fill(`New Company ${Date.now()}`);
  await dialog.getByLabel('Phone Number').pressSequentially('5551234567');
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('+1 (555) 123-4567');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill('Founder@12345');
  await dialog.getByRole('button', { name: 'show password' }).click();
  await expect(dialog.getByLabel(/^Password/)).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(dialog.getByText(MESSAGES.registrationSuccess)).toBeVisible();
  // the dialog closes by itself after REGISTRATION_DIALOG_CLOSE_MS
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  await submitSignIn(page, email, 'Founder@12345');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Fran Founder');
});
