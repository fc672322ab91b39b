import type { Page } from '@playwright/test';
import { AUTHORING_TEXTS, SIM_LIST_EMPTY_TEXTS, SIM_LIST_TEXTS as T } from '@sim/shared';
import { buildSim } from '../../apps/server/test/factories/sims';
import { buildTeam, expect, serialSession, test } from './support';

/**
 * The sim list and the trash as an administrator of a company built for the spec (authoring.md section 2): a
 * sim the factories made is deleted, found in the trash and restored; a second sim made through the API is
 * trashed and the trash emptied. One session for the whole spec.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const LISTED_SIM = `E2E listed sim ${stamp}`;
const SECOND_SIM = `E2E trash sim ${stamp}`;

let page: Page;

serialSession(
  async (seed) => {
    const team = await buildTeam(seed);
    await buildSim(seed, team.users.admin, { title: LISTED_SIM });
    return team.tokens.admin;
  },
  (session) => {
    page = session.page;
  },
);

const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const row = (title: string) => page.getByRole('row').filter({ hasText: title });
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function confirm(title: string, label: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a sim is listed, deleted to the trash and restored', async () => {
  await page.goto('/sims');
  await expect(heading(AUTHORING_TEXTS.listTitle)).toBeVisible();
  await expect(row(LISTED_SIM)).toBeVisible();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ entries$/)).toBeVisible();

  await button(`${T.delete} ${LISTED_SIM}`).click();
  await confirm(T.deleteTitle, T.deleteConfirm);
  await expect(row(LISTED_SIM)).toBeHidden();

  await button(T.trash).click();
  await expect(heading(AUTHORING_TEXTS.trashTitle)).toBeVisible();
  await expect(row(LISTED_SIM)).toBeVisible();
  await button(`${T.restore} ${LISTED_SIM}`).click();
  await confirm(T.restoreTitle, T.restoreConfirm);
  await expect(row(LISTED_SIM)).toBeHidden();

  await button(T.sims).click();
  await expect(heading(AUTHORING_TEXTS.listTitle)).toBeVisible();
  await expect(row(LISTED_SIM)).toBeVisible();
});

test('a second sim is trashed and the trash emptied', async () => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const created = await page.request.post('/api/v1/sims/basicInfo', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: SECOND_SIM, description: 'Made by the sim list e2e test' },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/sims');
  await expect(row(SECOND_SIM)).toBeVisible();
  await button(`${T.delete} ${SECOND_SIM}`).click();
  await confirm(T.deleteTitle, T.deleteConfirm);
  await expect(row(SECOND_SIM)).toBeHidden();

  await button(T.trash).click();
  await expect(heading(AUTHORING_TEXTS.trashTitle)).toBeVisible();
  await expect(row(SECOND_SIM)).toBeVisible();
  await button(T.emptyTrash).click();
  await confirm(T.emptyTrashTitle, T.emptyTrashConfirm);
  // an emptied trash says so (issue 15: the company still has sims)
  await expect(page.getByText(SIM_LIST_EMPTY_TEXTS.trashEmpty)).toBeVisible();
  await expect(row(SECOND_SIM)).toBeHidden();

  await button(T.sims).click();
  await expect(row(LISTED_SIM)).toBeVisible();
});
