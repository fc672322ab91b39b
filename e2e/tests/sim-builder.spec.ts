import type { Page } from '@playwright/test';
import { AUTHORING_TEXTS, SIM_BUILDER_TEXTS as B, SIM_LIST_TEXTS as L, WIZARD_STEPS } from '@sim/shared';

const CREATE_LEVELS = WIZARD_STEPS[2];

import { buildTeam, expect, serialSession, test } from './support';

/**
 * The builder wizard as an administrator of a company built for the spec (authoring.md section 2): a new sim
 * through Basic Information and Select Avatars to the Create Levels step, then found in the sim list. One
 * session for the whole spec.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `E2E builder sim ${stamp}`;

let page: Page;

serialSession(
  async (seed) => (await buildTeam(seed)).tokens.admin,
  (session) => {
    page = session.page;
  },
);

const button = (name: string) => page.getByRole('button', { name, exact: true });

test('a new sim goes through Basic Information and Select Avatars and is listed', async () => {
  await page.goto('/sims');
  await expect(page.getByRole('heading', { name: AUTHORING_TEXTS.listTitle, exact: true })).toBeVisible();
  await button(L.addNewSim).click();
  await expect(page).toHaveURL(/\/sims\/createsim$/);

  // Basic Information: NEXT waits for title and description
  await expect(page.getByRole('heading', { name: B.basicInfoTitle })).toBeVisible();
  await expect(button(B.next)).toBeDisabled();
  await page.getByRole('textbox', { name: B.title, exact: true }).fill(TITLE);
  await page
    .getByRole('textbox', { name: B.description, exact: true })
    .fill('A caller asks to book a first appointment.');
  await expect(button(B.next)).toBeEnabled();
  await button(B.next).click();

  // Select Avatars: the sim now exists
  await expect(page).toHaveURL(/\/sims\/createsim\?simId=[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: B.selectAvatarsTitle })).toBeVisible();
  const customer = page.getByRole('region', { name: B.characterLabels.customer });
  const name = customer.getByRole('textbox', { name: B.name, exact: true });
  await name.fill('');
  await expect(button(B.next)).toBeDisabled();
  await name.fill('Maria Lopez');
  await customer.getByRole('combobox', { name: new RegExp(`^${B.voice} `) }).click();
  await page.getByRole('option', { name: 'Ruth', exact: true }).click();
  await customer.getByRole('radio', { name: B.avatar(7), exact: true }).click();
  await expect(button(B.next)).toBeEnabled();
  await button(B.next).click();

  // Create Levels: a later release
  await expect(page.getByRole('heading', { name: CREATE_LEVELS, exact: true })).toBeVisible();

  // the characters were kept: reopening the sim lands on Create Levels, Back shows the customer
  await page.reload();
  await expect(page.getByRole('heading', { name: CREATE_LEVELS, exact: true })).toBeVisible();
  await button(B.back).click();
  await expect(customer.getByRole('textbox', { name: B.name, exact: true })).toHaveValue('Maria Lopez');
  await expect(customer.getByRole('combobox', { name: new RegExp(`^${B.voice} `) })).toHaveText('Ruth');
  await expect(customer.getByRole('radio', { name: B.avatar(7), exact: true })).toHaveAttribute('aria-checked', 'true');

  await button(B.next).click();
  await expect(page.getByRole('heading', { name: CREATE_LEVELS, exact: true })).toBeVisible();

  // back to the sim list, where the new sim is listed
  await page.goto('/sims');
  await expect(page).toHaveURL(/\/sims$/);
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toBeVisible();
});
