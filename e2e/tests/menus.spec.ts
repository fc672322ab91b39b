import { ALL_MENU_LABELS, DEMO_ACCOUNTS, expect, expectedMenu, mainMenu, signIn, test } from './support';

test.describe('menu by role', () => {
  for (const account of DEMO_ACCOUNTS) {
    const expected = expectedMenu(account.role);
    test(`${account.role} sees ${expected.join(', ')}`, async ({ page }) => {
      await signIn(page, account.email);
      const menu = mainMenu(page);
      await expect(menu.getByRole('link')).toHaveText(expected);
      for (const label of ALL_MENU_LABELS.filter((l) => !expected.includes(l)))
        await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      await expect(page.getByTestId('profile-role')).toContainText(account.role);
    });
  }

  test('the agent has no SIMS or ADMIN, and opening /admin lands on /dashboard', async ({ page }) => {
    await signIn(page, 'agent@demo.local');
    await expect(mainMenu(page).getByRole('link', { name: 'ADMIN', exact: true })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'DASHBOARD' })).toBeVisible();
    await page.goto('/admin/createuser?userId=1');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the menu links open their screens with the right title', async ({ page }) => {
    await signIn(page, 'admin@demo.local');
    const menu = mainMenu(page);
    for (const label of ['SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS', 'DASHBOARD']) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(page).toHaveTitle(`SimCentre | ${label}`);
    }
    await expect(page.getByRole('button', { name: /^notifications: \d+ new$/ })).toBeVisible();
  });
});
