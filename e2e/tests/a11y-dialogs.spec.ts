import type { Page } from '@playwright/test';
import {
  ASSIGNMENT_TEXTS as A,
  ADMIN_TEXTS,
  CREATE_LEVELS_TEXTS as CL,
  EMPLOYEE_TEXTS as E,
  HELPDESK_TEXTS as H,
  RESULT_TEXTS as R,
  SIM_LIST_TEXTS as SL,
} from '@sim/shared';
import {
  type A11yWorld,
  buildA11yWorld,
  checkDialog,
  LEVEL_NAME,
  openBuilderLevel,
  reviewPath,
  scanned,
  topDialog,
} from './a11y-support';
import { expect, openSignedIn, test } from './support';

/**
 * Issue 18 part 5: every dialog, for each role, opened by keyboard (the opener focused, Enter), scanned by
 * axe-core (zero serious or critical violations), the focus kept inside while tabbing, closed by Escape with
 * the focus back on the opener (a11y-support.ts checkDialog).
 */

test.use({ actionTimeout: 10_000 });

let world: A11yWorld;
test.beforeAll(async ({ seed }) => {
  scanned.length = 0;
  world = await buildA11yWorld(seed);
});
test.afterAll(() => {
  console.log(`a11y dialogs checked: ${scanned.length}\n  ${scanned.join('\n  ')}`);
});

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The dialogs every signed-in role opens from the top bar. */
async function topBarDialogs(page: Page, role: string) {
  await checkDialog(page, button(page, H.requestHelp), `${role} request help`);
}

test('the dialogs of the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await checkDialog(page, button(page, 'Forgot password?'), 'forgot password');
});

test('the dialogs of the administrator', async ({ page }) => {
  // a walk of many screens or dialogs, each scanned by axe: budgeted for a loaded 2-core machine running two
  // workers, where it takes about twice as long as alone (issue 33: a suite green on a busy machine)
  test.setTimeout(300_000);
  await openSignedIn(page, world.team.tokens.admin, '/dashboard?tab=All_ASSIGNMENT');
  await topBarDialogs(page, 'admin');
  await expect(row(page, world.simTitle).first()).toBeVisible();
  await checkDialog(page, button(page, A.addAssignment), 'admin add assignment');
  await checkDialog(page, button(page, `${A.delete} ${world.simTitle}`).first(), 'admin delete assignment');

  await page.goto('/admin');
  // the factories' users: first name, and the role as last name
  const employee = 'Sofia supervisor';
  const sofia = row(page, 'Sofia');
  await expect(sofia).toBeVisible();
  await checkDialog(
    page,
    sofia.getByRole('button', { name: `${E.view} ${E.permissionsOf(employee)}` }),
    'admin permissions of an employee',
  );
  await checkDialog(page, sofia.getByRole('button', { name: E.assignTempRoleFor(employee) }), 'admin assign temp role');
  await checkDialog(page, sofia.getByRole('button', { name: E.deleteEmployee(employee) }), 'admin delete employee');

  await page.getByRole('tab', { name: ADMIN_TEXTS.tabRoles, exact: true }).click();
  await checkDialog(page, button(page, `${ADMIN_TEXTS.deleteRoleTitle} supervisor`), 'admin delete role');
  await page.getByRole('tab', { name: ADMIN_TEXTS.tabNotifications, exact: true }).click();
  await checkDialog(page, button(page, ADMIN_TEXTS.addNewNotification), 'admin new notification');

  await page.goto('/sims');
  await expect(row(page, world.simTitle)).toBeVisible();
  await checkDialog(page, button(page, `${SL.delete} ${world.simTitle}`), 'admin delete sim');

  const canvas = await openBuilderLevel(page, world);
  await checkDialog(page, button(page, CL.addLevel), 'admin add a level');
  await checkDialog(page, button(page, CL.renameLevelOf(LEVEL_NAME)), 'admin rename level');
  await checkDialog(page, button(page, CL.settingsOf(LEVEL_NAME)), 'admin level settings');
  await checkDialog(page, button(page, CL.passCriteriaOf(LEVEL_NAME)), 'admin pass criteria');
  const agent = canvas.getByRole('listitem', { name: CL.lineNumber(2) });
  for (const tool of [CL.keywords, CL.manageTests, CL.hintText])
    await checkDialog(page, agent.getByRole('button', { name: tool, exact: true }), `admin agent line ${tool}`);
  await checkDialog(page, agent.getByRole('button', { name: CL.deleteScript }), 'admin delete script');
});

test('the dialogs of the supervisor (reviewer)', async ({ page }) => {
  test.setTimeout(240_000);
  await openSignedIn(page, world.team.tokens.supervisor, '/dashboard?tab=PENDING_REVIEW');
  await topBarDialogs(page, 'supervisor');
  await expect(row(page, world.simTitle)).toBeVisible();
  await checkDialog(page, button(page, `${A.review} ${world.simTitle}`), 'supervisor sim detail (review)');

  await page.goto('/helpdesk');
  await page.getByRole('tab', { name: new RegExp(`^${H.helpRequests}`, 'i') }).click();
  await checkDialog(page, button(page, H.open(world.ticketNumber)), 'supervisor ticket detail');
  // a dialog over a dialog: the ticket's RESOLVE asks first
  await button(page, H.open(world.ticketNumber)).click();
  const detail = page.getByRole('dialog', { name: new RegExp(H.ticketTitle(world.ticketNumber)) });
  await checkDialog(page, detail.getByRole('button', { name: H.resolve }), 'supervisor resolve ticket');
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.goto(reviewPath(world));
  await expect(button(page, R.assessorNotes)).toBeVisible();
  await checkDialog(page, button(page, R.assessorNotes), 'supervisor assessor notes');
  await checkDialog(page, button(page, 'PASS'), 'supervisor mark PASS');
  await checkDialog(page, button(page, 'NO PASS'), 'supervisor mark NO PASS');
});

test('the dialogs of the agent (learner)', async ({ page }) => {
  test.setTimeout(240_000);
  await openSignedIn(page, world.team.tokens.agent, '/dashboard?tab=MY_ASSIGNMENT');
  await topBarDialogs(page, 'agent');
  await expect(row(page, world.simTitle)).toBeVisible();
  await checkDialog(page, button(page, `${A.go} ${world.simTitle}`), 'agent sim detail (go)');
  await page.goto('/helpdesk');
  await checkDialog(page, button(page, H.open(world.ticketNumber)), 'agent ticket detail');
  await expect(topDialog(page)).toHaveCount(0);
});
