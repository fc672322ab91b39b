import type { Page } from '@playwright/test';
import { EMPLOYEE_TEXTS, MESSAGES, SETTINGS_TEXTS, USER_FORM_TEXTS } from '@sim/shared';
import { authHeaders, buildTeam, expect, openSignedIn, type Team, test } from './support';

/** YYYY-MM-DD of today + days, in this machine's time zone (the browser's). */
function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function searchEmployees(page: Page, text: string) {
  const box = page.getByLabel(EMPLOYEE_TEXTS.searchLabel);
  await box.fill(text);
  await box.press('Enter');
}

let team: Team;
test.beforeAll(async ({ seed }) => {
  team = await buildTeam(seed);
});

/**
 * As the administrator of a company built for this spec, through the screens: create a user with every
 * required field (the duplicate email is refused first), edit them, give them a temporary role, delete them.
 */
test('an administrator creates, edits, gives a temporary role to and deletes a user', async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.test`;
  await openSignedIn(page, team.tokens.admin);

  await test.step('the employee list', async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: `Manage Members - ${team.company.name}` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: EMPLOYEE_TEXTS.columns.tempRoles })).toBeVisible();
    await expect(page.getByText(team.users.agent2.email)).toBeVisible();
  });

  await test.step('create: every required field; the duplicate email is refused', async () => {
    await page.getByRole('button', { name: EMPLOYEE_TEXTS.addNewUser }).click();
    await expect(page).toHaveURL(/\/admin\/createuser$/);
    await expect(page.getByRole('heading', { name: USER_FORM_TEXTS.createTitle })).toBeVisible();
    await page.getByRole('button', { name: USER_FORM_TEXTS.save }).click();
    await expect(page.getByText('Schedule is required')).toBeVisible();
    await expect(page.getByText('Group is required')).toBeVisible();

    await page.getByLabel(/^First Name/).fill('Grace');
    await page.getByLabel(/^Last Name/).fill('Hopper');
    await page.getByLabel(/^Nick Name/).fill('Amazing');
    await page.getByLabel(/^Title/).fill('Patient Access Representative');
    await page.getByLabel(/^Phone Number/).pressSequentially('5551234567');
    await page.getByLabel(/^Email/).fill(team.users.agent.email);
    await page.getByLabel(/^Nick Name/).click(); // leaves the email: the availability check
    await expect(page.getByText(MESSAGES.duplicateEmail)).toBeVisible();
    await expect(page.getByRole('button', { name: USER_FORM_TEXTS.save })).toBeDisabled();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Nick Name/).click();
    await expect(page.getByText(MESSAGES.duplicateEmail)).toHaveCount(0);

    await expect(page.getByRole('combobox', { name: /^Status/ })).toHaveText('Applicant');
    await expect(page.getByRole('combobox', { name: /^Sub Status/ })).toHaveText('Candidate');
    await choose(page, /^Role/, 'agent');
    await choose(page, /^Schedule/, 'Full time');
    await choose(page, /^Duration/, 'Permanent');
    await choose(page, /^Employment/, 'Employee');
    await choose(page, /^Workplace/, 'WAH');
    await choose(page, /^Joined company/, 'New hire');
    await choose(page, /^Probation/, 'New hire');
    await choose(page, /^Promoted in CC/, 'Support');
    await choose(page, /^Outsourcer/, 'TTEC');
    await page.getByRole('combobox', { name: /^Groups/ }).click();
    await page.getByRole('option', { name: team.group.name }).click();
    await page.keyboard.press('Escape');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/create'));
    await page.getByRole('button', { name: USER_FORM_TEXTS.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(USER_FORM_TEXTS.userCreated)).toBeVisible();
  });

  // the server holds the record as sent, and emailed a link to choose a password
  const auth = authHeaders(team.tokens.admin);
  const found = await (
    await request.get(`/api/v1/users/list?textSearch=${encodeURIComponent(email)}`, { headers: auth })
  ).json();
  expect(found.total).toBe(1);
  const userId = found.users[0]._id as string;
  const info = await (await request.get(`/api/v1/users/info?user_id=${userId}`, { headers: auth })).json();
  expect(info.user).toMatchObject({
    first_name: 'Grace',
    nick_name: 'Amazing',
    email_id: email,
    phone_number: '+1 (555) 123-4567',
    status: 'applicant',
    sub_status: 'Candidate',
    role_name: 'agent',
    outsourcer: 'TTEC',
    group_list: [{ name: team.group.name }],
  });
  // the email is sent by a job after the save's commit: wait for it
  const outboxUrl = `/api/v1/outbox?to=${encodeURIComponent(email)}`;
  await expect
    .poll(async () => (await (await request.get(outboxUrl, { headers: auth })).json()).emails[0]?.text ?? '')
    .toContain('/forgotpassword?email=');

  const row = page.getByTestId(`employee-${userId}`);

  await test.step('edit', async () => {
    await searchEmployees(page, email);
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: EMPLOYEE_TEXTS.editEmployee('Grace Hopper') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/createuser\\?userId=${userId}$`));
    await expect(page.getByRole('heading', { name: USER_FORM_TEXTS.editTitle })).toBeVisible();
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Grace');
    await page.getByLabel(/^Title/).fill('Senior Representative');
    await choose(page, /^Status/, 'Active');
    await expect(page.getByRole('combobox', { name: /^Sub Status/ })).toHaveText('Training');
    await page.getByRole('button', { name: USER_FORM_TEXTS.update }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(USER_FORM_TEXTS.userUpdated)).toBeVisible();
    await searchEmployees(page, email);
    await expect(row.getByText('Senior Representative')).toBeVisible();
    await expect(row.getByText('Active / Training')).toBeVisible();
  });

  await test.step('assign a temporary role', async () => {
    await row.getByRole('button', { name: EMPLOYEE_TEXTS.assignTempRoleFor('Grace Hopper') }).click();
    const dialog = page.getByRole('dialog', { name: EMPLOYEE_TEXTS.assignTempRoleTitle });
    await expect(dialog.getByRole('button', { name: EMPLOYEE_TEXTS.assignRole })).toBeDisabled();
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'supervisor', exact: true }).click();
    await dialog.getByLabel(/^Start Date/).fill(localDay(0));
    await dialog.getByLabel(/^End Date/).fill(localDay(7));
    await dialog.getByRole('button', { name: EMPLOYEE_TEXTS.assignRole }).click();
    await expect(page.getByText(EMPLOYEE_TEXTS.tempRoleAssigned)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('supervisor')).toBeVisible();
    await row.getByRole('button', { name: EMPLOYEE_TEXTS.viewTempRolesFor('Grace Hopper') }).click();
    const view = page.getByRole('dialog', { name: EMPLOYEE_TEXTS.viewTempRoleTitle });
    await expect(view.getByText(EMPLOYEE_TEXTS.tempRoleActive, { exact: true })).toBeVisible();
    await view.getByRole('button', { name: EMPLOYEE_TEXTS.close }).click();
    // the server gives the permissions of the temporary role from today
    const perms = await (
      await request.get(`/api/v1/employee/permission-details?user_id=${userId}`, { headers: auth })
    ).json();
    expect(perms.permissions.map((p: { role_name: string; temporary: boolean }) => [p.role_name, p.temporary])).toEqual(
      [
        ['agent', false],
        ['supervisor', true],
      ],
    );
  });

  await test.step('delete', async () => {
    await row.getByRole('button', { name: EMPLOYEE_TEXTS.deleteEmployee('Grace Hopper') }).click();
    const dialog = page.getByRole('dialog', { name: EMPLOYEE_TEXTS.deleteEmployeeTitle });
    await dialog.getByRole('button', { name: EMPLOYEE_TEXTS.deleteButton }).click();
    await expect(page.getByText(EMPLOYEE_TEXTS.employeeDeleted)).toBeVisible();
    await expect(page.getByText(EMPLOYEE_TEXTS.noSearchResults)).toBeVisible();
    const after = await (
      await request.get(`/api/v1/users/list?textSearch=${encodeURIComponent(email)}`, { headers: auth })
    ).json();
    expect(after.total).toBe(0);
  });

  await test.step('my settings: nick name, photo, password rules', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: SETTINGS_TEXTS.updatePasswordCard })).toBeVisible();
    await page.getByLabel(/^Nick Name/).fill('The Admin');
    await page.getByRole('button', { name: SETTINGS_TEXTS.updateChanges }).click();
    await expect(page.getByText(SETTINGS_TEXTS.settingsSaved)).toBeVisible();

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText(SETTINGS_TEXTS.photoUpdated)).toBeVisible();
    await expect(page.locator('img[src^="/api/v1/users/profile-photo?file="]').first()).toBeVisible();

    const update = page.getByRole('button', { name: SETTINGS_TEXTS.updatePasswordButton });
    await expect(update).toBeDisabled();
    await page.getByLabel(/^Current Password/).fill('not-my-password');
    await page.getByLabel(/^New Password/).fill('Another@123');
    await page.getByLabel(/^Confirm Password/).fill('Another@12');
    await expect(page.getByText(MESSAGES.passwordMismatch)).toBeVisible();
    await expect(update).toBeDisabled();
    await page.getByLabel(/^Confirm Password/).fill('Another@123');
    await update.click();
    await expect(page.getByText(SETTINGS_TEXTS.wrongCurrentPassword)).toBeVisible();
  });
});
