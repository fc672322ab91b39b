import { ADMIN_TEXTS } from '@sim/shared';
import {
  type A11yWorld,
  buildA11yWorld,
  expectAccessible,
  loaded,
  openBuilderLevel,
  reviewPath,
  scanned,
  takeSimPath,
} from './a11y-support';
import { expect, mainMenu, openSignedIn, test } from './support';

/**
 * Issue 18 part 5: axe-core on every screen, for each role — the administrator, the supervisor (reviewer)
 * and the agent (learner) — with zero serious or critical violations. The dialogs are in
 * a11y-dialogs.spec.ts.
 */

test.use({ actionTimeout: 10_000 });

let world: A11yWorld;
test.beforeAll(async ({ seed }) => {
  scanned.length = 0;
  world = await buildA11yWorld(seed);
});
test.afterAll(() => {
  console.log(`a11y screens scanned: ${scanned.length}\n  ${scanned.join('\n  ')}`);
});

test('the public screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'SIGN IN', exact: true })).toBeVisible();
  await expectAccessible(page, '/login');
  await page.goto('/forgotpassword?token=not-a-token');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/forgotpassword');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '404');
});

const ADMIN_TAB_LABELS = [
  ADMIN_TEXTS.tabEmployeeList,
  ADMIN_TEXTS.tabGroups,
  ADMIN_TEXTS.tabPermissions,
  ADMIN_TEXTS.tabRoles,
  ADMIN_TEXTS.tabNotifications,
];

for (const role of ['admin', 'supervisor', 'agent'] as const) {
  test(`every screen of the ${role}`, async ({ page }) => {
    // a walk of many screens or dialogs, each scanned by axe: budgeted for a loaded 2-core machine running two
    // workers, where it takes about twice as long as alone (issue 33: a suite green on a busy machine)
    test.setTimeout(240_000);
    await openSignedIn(page, world.team.tokens[role]);
    await expect(page.getByRole('table').or(page.getByRole('tab')).first()).toBeVisible();
    // the dashboard: each of its tabs (the first is the one it opens on)
    for (const tab of await page.getByRole('tablist').first().getByRole('tab').all()) {
      const name = (await tab.textContent())?.trim() ?? '';
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await loaded(page);
      await expectAccessible(page, `${role} /dashboard tab ${name}`);
    }
    const menu = await mainMenu(page).getByRole('link').allTextContents();
    if (menu.some((m) => /sims/i.test(m))) {
      await page.goto('/sims');
      await expect(page.getByRole('table')).toBeVisible();
      await expectAccessible(page, `${role} /sims`);
    }
    if (menu.some((m) => /admin/i.test(m))) {
      await page.goto('/admin');
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      for (const label of ADMIN_TAB_LABELS) {
        const tab = page.getByRole('tab', { name: label });
        if (!(await tab.count())) continue;
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await loaded(page);
        await expectAccessible(page, `${role} /admin ${label}`);
      }
    }
    await page.goto('/settings');
    await loaded(page);
    await expectAccessible(page, `${role} /settings`);
    await page.goto('/helpdesk');
    await loaded(page);
    for (const tab of await page.getByRole('tab').all()) {
      const name = (await tab.textContent())?.trim() ?? '';
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await loaded(page);
      await expectAccessible(page, `${role} /helpdesk tab ${name}`);
    }
    if (role === 'agent') {
      // the same page for every role (the menu around it is scanned on every other page)
      await page.goto('/tools');
      await loaded(page);
      await expectAccessible(page, `${role} /tools (coming soon)`);
    }
    if (role === 'agent') {
      await page.goto(takeSimPath(world));
      await expect(page.getByTestId('step-text')).toBeVisible();
      await expectAccessible(page, `${role} take-sim`);
    } else {
      await page.goto(reviewPath(world));
      await expect(page.getByRole('region').first()).toBeVisible();
      await loaded(page);
      await expectAccessible(page, `${role} result view (review)`);
    }
    if (role === 'admin') {
      await page.goto('/admin/createuser');
      await loaded(page);
      await expectAccessible(page, `${role} /admin/createuser`);
      await openBuilderLevel(page, world, role);
      await page.goto(`/sims/preview?simId=${world.simId}&levelId=${world.levelId}`);
      await loaded(page);
      await expectAccessible(page, `${role} sim preview`);
      await page.goto(`/sims/print?simId=${world.simId}&levelId=${world.levelId}`);
      await loaded(page);
      await expectAccessible(page, `${role} level print`);
    }
  });
}
