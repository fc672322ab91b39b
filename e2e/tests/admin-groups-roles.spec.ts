import type { Page } from '@playwright/test';
import { ADMIN_TEXTS, notificationsLabel } from '@sim/shared';
import { authHeaders, buildTeam, expect, mainMenu, type Session, signedInSession, type Team, test } from './support';

/**
 * Administration, part B, as the administrator of a company built for this spec: groups, roles, the
 * permission matrix and notifications, with the affected users (manager, agent) signed in beside the
 * administrator in their own browsers.
 */
test.describe.configure({ mode: 'serial' });

const adminTab = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });
const bell = (page: Page) => page.getByRole('button', { name: /^notifications: \d+ new$/ });
async function bellCount(page: Page) {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+)/)?.[1] ?? Number.NaN);
}

let team: Team;
let admin: Session;
let manager: Session;
let agent: Session;
const stamp = Date.now().toString(36);

test.beforeAll(async ({ browser, seed }) => {
  team = await buildTeam(seed);
  admin = await signedInSession(browser, team.tokens.admin);
  manager = await signedInSession(browser, team.tokens.manager);
  agent = await signedInSession(browser, team.tokens.agent);
});

test.afterAll(async () => {
  for (const s of [admin, manager, agent]) {
    expect(s?.errors ?? [], 'errors logged by the page').toEqual([]);
    await s?.close();
  }
});

test('create a group with an owner and members', async () => {
  const { page } = admin;
  await page.goto('/admin?tab=2');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.manageGroups })).toBeVisible();
  await page.getByRole('button', { name: ADMIN_TEXTS.addNewGroup }).click();
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.createGroup })).toBeVisible();
  const save = page.getByRole('button', { name: ADMIN_TEXTS.save, exact: true });
  await expect(save).toBeDisabled();

  const name = `Evening cohort ${stamp}`;
  await page.getByRole('textbox', { name: ADMIN_TEXTS.groupName }).fill(name);
  await page.getByRole('textbox', { name: ADMIN_TEXTS.groupDescription }).fill('Agents on the evening shift');
  await expect(save).toBeDisabled(); // no owner yet
  await page.getByRole('combobox', { name: ADMIN_TEXTS.groupOwner }).fill('Sofia');
  await page.getByRole('option', { name: /Sofia supervisor/ }).click();
  const members = page.getByRole('combobox', { name: ADMIN_TEXTS.groupMembers });
  await members.fill('Alex');
  await page.getByRole('option', { name: 'Alex agent' }).click();
  await members.fill('Bruno');
  await page.getByRole('option', { name: 'Bruno agent' }).click();
  await page.keyboard.press('Escape');
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page.getByText(ADMIN_TEXTS.groupSaved)).toBeVisible();
  await page.getByLabel(ADMIN_TEXTS.search).fill(name);
  await page.getByRole('button', { name: ADMIN_TEXTS.searchButton }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sofia supervisor');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');

  // reload keeps the tab; the editor shows the members
  await page.reload();
  await expect(adminTab(page, ADMIN_TEXTS.tabGroups)).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel(ADMIN_TEXTS.search).fill(name);
  await page.getByRole('button', { name: ADMIN_TEXTS.searchButton }).click();
  await page.getByRole('button', { name: `${ADMIN_TEXTS.edit} ${name}` }).click();
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.updateGroup })).toBeVisible();
  await expect(page.getByRole('button', { name: /Alex agent/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Bruno agent/ })).toBeVisible();
});

test("duplicate a role: '(Copy)' with the same permissions; then delete the copy", async ({ request }) => {
  const { page } = admin;
  await page.goto('/admin?tab=4');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.manageRoles })).toBeVisible();
  await page.getByRole('button', { name: `${ADMIN_TEXTS.duplicateRole} supervisor`, exact: true }).click();
  const panel = page.getByRole('region', { name: ADMIN_TEXTS.duplicateRole });
  await expect(panel.getByRole('textbox', { name: ADMIN_TEXTS.roleName })).toHaveValue('supervisor (Copy)');
  await panel.getByRole('button', { name: ADMIN_TEXTS.save, exact: true }).click();
  await expect(page.getByText(ADMIN_TEXTS.roleSaved)).toBeVisible();
  await expect(page.getByTestId('role-row-supervisor (Copy)')).toBeVisible();

  // the server copied the permissions
  const matrix = await request.post('/api/v1/permissions/details', {
    headers: authHeaders(team.tokens.owner),
    data: {},
  });
  const roles = ((await matrix.json()) as { roles: { name: string; permissions: string[] }[] }).roles;
  const source = roles.find((r) => r.name === 'supervisor');
  const copy = roles.find((r) => r.name === 'supervisor (Copy)');
  expect(copy?.permissions.length).toBeGreaterThan(0);
  expect([...(copy?.permissions ?? [])].sort()).toEqual([...(source?.permissions ?? [])].sort());

  await page.getByRole('button', { name: `${ADMIN_TEXTS.deleteRoleTitle} supervisor (Copy)`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ADMIN_TEXTS.deleteRoleTitle });
  await dialog.getByRole('button', { name: ADMIN_TEXTS.delete }).click();
  await expect(page.getByText(ADMIN_TEXTS.roleDeleted)).toBeVisible();
  await expect(page.getByTestId('role-row-supervisor (Copy)')).toHaveCount(0);

  // a role held by users cannot be deleted: the server's message in an error alert
  await page.getByRole('button', { name: `${ADMIN_TEXTS.deleteRoleTitle} agent`, exact: true }).click();
  await page
    .getByRole('dialog', { name: ADMIN_TEXTS.deleteRoleTitle })
    .getByRole('button', { name: ADMIN_TEXTS.delete })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: ADMIN_TEXTS.roleInUse(2).split(' 2 ')[0] })).toBeVisible();
});

test("untick sim_list view for the manager: the manager's SIMS menu item disappears; restored after", async () => {
  const sims = mainMenu(manager.page).getByRole('link', { name: 'SIMS', exact: true });
  await expect(sims).toBeVisible();
  const { page } = admin;
  await page.goto('/admin?tab=3');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.managePermissions })).toBeVisible();
  const box = (type: string) => page.getByRole('checkbox', { name: `manager sim_list ${type}` });
  for (const type of ['view', 'create', 'update', 'delete']) await expect(box(type)).toBeChecked();
  const save = page.getByRole('button', { name: ADMIN_TEXTS.saveMatrix, exact: true });
  await expect(save).toBeDisabled();

  await box('view').uncheck();
  // view is needed by the others: they go with it
  for (const type of ['view', 'create', 'update', 'delete']) await expect(box(type)).not.toBeChecked();
  // held until Save: another tab asks first
  await adminTab(page, ADMIN_TEXTS.tabRoles).click();
  const prompt = page.getByRole('dialog', { name: ADMIN_TEXTS.unsavedChangesTitle });
  await expect(prompt).toContainText(ADMIN_TEXTS.unsavedChanges);
  await prompt.getByRole('button', { name: ADMIN_TEXTS.stay }).click();
  await expect(page).toHaveURL(/tab=3/);
  await expect(box('view')).not.toBeChecked();

  await save.click();
  await expect(page.getByText(ADMIN_TEXTS.permissionsSaved)).toBeVisible();
  await expect(save).toBeDisabled();

  await manager.page.reload();
  await expect(mainMenu(manager.page).getByRole('link', { name: 'DASHBOARD', exact: true })).toBeVisible();
  await expect(sims).toHaveCount(0);

  // give it back: ticking create, update and delete ticks view too
  for (const type of ['create', 'update', 'delete']) await box(type).check();
  await expect(box('view')).toBeChecked();
  await save.click();
  await expect(page.getByText(ADMIN_TEXTS.permissionsSaved)).toBeVisible();
  await manager.page.reload();
  await expect(sims).toBeVisible();
});

test("send a notification to the agent: the agent's bell rises, and falls to 0 once opened", async () => {
  await agent.page.reload();
  await expect(bell(agent.page)).toBeVisible();
  const before = await bellCount(agent.page);

  const { page } = admin;
  await page.goto('/admin?tab=5');
  await expect(page.getByRole('heading', { name: ADMIN_TEXTS.manageNotifications })).toBeVisible();
  await page.getByRole('button', { name: ADMIN_TEXTS.addNewNotification }).click();
  const dialog = page.getByRole('dialog', { name: ADMIN_TEXTS.notificationDialogTitle });
  await dialog.getByRole('button', { name: ADMIN_TEXTS.sendNotification }).click();
  await expect(dialog.getByText(ADMIN_TEXTS.notificationMessageRequired)).toBeVisible();
  await expect(dialog.getByText(ADMIN_TEXTS.notificationRecipientsRequired)).toBeVisible();

  const message = `Coaching session moved to 3 pm (${stamp})`;
  await dialog.getByRole('textbox', { name: ADMIN_TEXTS.notificationMessage }).fill(message);
  await dialog.getByRole('button', { name: ADMIN_TEXTS.chooseMembersInstead }).click();
  await dialog.getByRole('combobox', { name: ADMIN_TEXTS.recipientsMembers }).fill(team.users.agent.email);
  await page.getByRole('option', { name: `Alex agent (${team.users.agent.email})` }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: ADMIN_TEXTS.sendNotification }).click();
  await expect(page.getByText(ADMIN_TEXTS.notificationSent)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(message.replace(/[()]/g, '\\$&')) })).toBeVisible();

  await agent.page.reload();
  await expect(agent.page.getByRole('button', { name: notificationsLabel(before + 1) })).toBeVisible();
  await agent.page.getByRole('button', { name: notificationsLabel(before + 1) }).click();
  await expect(agent.page.getByText(message)).toBeVisible();
  await agent.page.keyboard.press('Escape');
  await expect(agent.page.getByRole('button', { name: notificationsLabel(0) })).toBeVisible();
  // the server agrees after a reload
  await agent.page.reload();
  await expect(agent.page.getByRole('button', { name: notificationsLabel(0) })).toBeVisible();
});
