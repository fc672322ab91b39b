import { ROLE_NAMES } from '@sim/shared';
import { ALL_MENU_LABELS, buildTeam, expect, expectedMenu, mainMenu, openSignedIn, type Team, test } from './support';

/** One user of each default role, of a company built for this spec. */
const ACCOUNTS = [
  { key: 'admin', role: ROLE_NAMES.admin },
  { key: 'owner', role: ROLE_NAMES.accountOwner },
  { key: 'manager', role: ROLE_NAMES.manager },
  { key: 'supervisor', role: ROLE_NAMES.supervisor },
  { key: 'agent', role: ROLE_NAMES.agent },
] as const;

let team: Team;
test.beforeAll(async ({ seed }) => {
  team = await buildTeam(seed);
});

test.describe('menu by role', () => {
  for (const account of ACCOUNTS) {
    const expected = expectedMenu(account.role);
    test(`${account.role} sees ${expected.join(', ')}`, async ({ page }) => {
      await openSignedIn(page, team.tokens[account.key]);
      const menu = mainMenu(page);
      await expect(menu.getByRole('link')).toHaveText(expected);
      for (const label of ALL_MENU_LABELS.filter((l) => !expected.includes(l)))
        await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      await expect(page.getByTestId('profile-role')).toContainText(account.role);
    });
  }

  test('the agent has no SIMS or ADMIN, and opening /admin lands on /dashboard', async ({ page }) => {
    await openSignedIn(page, team.tokens.agent);
    await expect(mainMenu(page).getByRole('link', { name: 'ADMIN', exact: true })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'DASHBOARD' })).toBeVisible();
    await page.goto('/admin/createuser?userId=1');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the menu links open their screens with the right title', async ({ page }) => {
    await openSignedIn(page, team.tokens.admin);
    const menu = mainMenu(page);
    for (const label of ['SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS', 'DASHBOARD']) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(page).toHaveTitle(`SimCentre | ${label}`);
    }
    await expect(page.getByRole('button', { name: /^notifications: \d+ new$/ })).toBeVisible();
  });
});
