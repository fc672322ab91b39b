import { DATA_INPUT_STEP_TEXTS as D } from '@sim/shared';
import { buildDataSim, type DataSim, openDataLevel, toDataInput, uploadLayoutTemplate } from './a11y-more-support';
import { expectAccessible, loaded, scanned } from './a11y-support';
import { buildTeam, expect, openSignedIn, type Team, test } from './support';

/**
 * Issue 18 part 5, the screens a11y-screens.spec.ts does not reach: /permissiondenied, /account, for each
 * role, and the builder's Data Input step (an Internal Data sim, before and after its layout is uploaded),
 * each scanned by axe-core with zero serious or critical violations.
 */

test.use({ actionTimeout: 10_000 });

let world: { team: Team; dataSim: DataSim };
test.beforeAll(async ({ seed }) => {
  scanned.length = 0;
  const team = await buildTeam(seed);
  world = { team, dataSim: await buildDataSim(seed, team) };
});
test.afterAll(() => {
  console.log(`a11y more screens scanned: ${scanned.length}\n  ${scanned.join('\n  ')}`);
});

test('/permissiondenied, signed out', async ({ page }) => {
  await page.goto('/permissiondenied');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, 'signed out /permissiondenied');
});

for (const role of ['admin', 'supervisor', 'agent'] as const) {
  test(`/account and /permissiondenied of the ${role}`, async ({ page }) => {
    await openSignedIn(page, world.team.tokens[role], '/account');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await loaded(page);
    await expectAccessible(page, `${role} /account`);
    await page.goto('/permissiondenied');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, `${role} /permissiondenied`);
  });
}

test('the Data Input step of the builder, before and after its layout', async ({ page }) => {
  await openSignedIn(page, world.team.tokens.admin, '/sims');
  await openDataLevel(page, world);
  await toDataInput(page);
  await expect(page.getByText(D.noLayout('case'))).toBeVisible();
  await expectAccessible(page, 'admin sim builder: data input, no layout');
  await uploadLayoutTemplate(page);
  await expect(page.getByRole('tablist', { name: D.tabs(D.typeLabels.case) })).toBeVisible();
  await expectAccessible(page, 'admin sim builder: data input, case layout');
});
