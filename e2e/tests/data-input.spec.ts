import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  SIM_BUILDER_TEXTS as B,
  CREATE_LEVELS_TEXTS as C,
  DATA_INPUT_STEP_TEXTS as D,
  LAYOUT_TEMPLATE,
  DATA_INPUT_MESSAGES as M,
  type TLayout,
  WIZARD_STEPS,
} from '@sim/shared';
import { buildCases } from '../../apps/server/test/factories/cases';
import { buildTeam, expect, serialSession, test } from './support';

/**
 * The Data Input step as an administrator of a company built for the spec (authoring.md sections 2, 5, 7 and
 * 8): a sim on the Internal Data product driven through the wizard to Data Input, the layout template
 * downloaded and uploaded, the layout shown, a case of the company's case service (the demo cases, written by
 * the factories) loaded into it, and Save and Preview. One session for the whole spec.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `E2E data input sim ${stamp}`;
const PRODUCT = 'Training SIM - Internal Data';

let page: Page;
let simId = '';
/** the loaded case's contact name, as the layout should keep it */
let contactName = '';

serialSession(
  async (seed) => {
    const team = await buildTeam(seed);
    await buildCases(seed, team.company);
    return team.tokens.admin;
  },
  (session) => {
    page = session.page;
  },
);

const button = (name: string) => page.getByRole('button', { name, exact: true });
const bearer = async () => ({ Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` });

test('a sim on the Internal Data product reaches the Data Input step', async () => {
  await page.goto('/sims/createsim');
  await expect(page.getByRole('heading', { name: B.basicInfoTitle })).toBeVisible();
  await page.getByRole('textbox', { name: B.title, exact: true }).fill(TITLE);
  await page.getByRole('textbox', { name: B.description, exact: true }).fill('A caller asks for a referral.');
  await page.getByRole('combobox', { name: B.product }).click();
  await page.getByRole('option', { name: PRODUCT, exact: true }).click();
  await expect(page.getByRole('group', { name: B.stepper }).getByText(WIZARD_STEPS[3])).toBeVisible();
  await button(B.next).click();

  await expect(page).toHaveURL(/\/sims\/createsim\?simId=[0-9a-f-]+$/);
  simId = new URL(page.url()).searchParams.get('simId') ?? '';
  await expect(page.getByRole('heading', { name: B.selectAvatarsTitle })).toBeVisible();
  await button(B.next).click();

  // Create Levels, then NEXT to Data Input
  await expect(button(C.addLevel)).toBeVisible();
  await button(C.next).click();
  await expect(page.getByRole('heading', { name: D.title, exact: true })).toBeVisible();
  await expect(page.getByText(D.noLayout('case'))).toBeVisible();
});

test('the layout template is downloaded, uploaded and shown as tabs, sections and fields', async () => {
  await button(D.uploadExcel).click();
  const dialog = page.getByRole('dialog', { name: D.uploadExcelTitle });
  await expect(dialog).toBeVisible();

  // a file that is not .xlsx or .csv is refused in the page
  await dialog.getByLabel(D.excelInput).setInputFiles({
    name: 'layout.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a workbook'),
  });
  await expect(dialog.getByText(M.xlsxOnly)).toBeVisible();
  await expect(dialog.getByRole('button', { name: D.upload, exact: true })).toBeDisabled();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: D.downloadTemplate }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(LAYOUT_TEMPLATE.templateFileName);
  const template = await fs.readFile((await download.path()) ?? '');
  // an .xlsx is a ZIP archive
  expect(template.subarray(0, 2).toString()).toBe('PK');

  await dialog.getByLabel(D.excelInput).setInputFiles({
    name: LAYOUT_TEMPLATE.templateFileName,
    mimeType: LAYOUT_TEMPLATE.mimeType,
    buffer: template,
  });
  await expect(dialog.getByText(M.xlsxOnly)).toHaveCount(0);
  await dialog.getByRole('button', { name: D.upload, exact: true }).click();
  await expect(page.getByText(M.uploaded.trim())).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const tabs = page.getByRole('tablist', { name: D.tabs(D.typeLabels.case) });
  await expect(tabs.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Case Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contact Name' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
});

test('a seeded case is loaded into the layout; an unknown one is refused', async () => {
  const headers = await bearer();
  const idsAnswer = await page.request.get('/case-service/api/v1/case/ids', { headers });
  expect(idsAnswer.status()).toBe(200);
  const { ids } = (await idsAnswer.json()) as { ids: number[] };
  expect(ids.length).toBeGreaterThan(0);
  const caseNumber = ids[0] ?? 0;
  const detailsAnswer = await page.request.get(`/case-service/api/v1/case-details?caseNumber=${caseNumber}`, {
    headers,
  });
  const { details } = (await detailsAnswer.json()) as { details: Record<string, string> };
  contactName = details.contact_name ?? '';
  expect(contactName).not.toBe('');

  await button(D.loadCase).click();
  const dialog = page.getByRole('dialog', { name: D.loadCaseTitle });
  const number = dialog.getByRole('combobox', { name: D.caseNumber });
  await expect(dialog.getByRole('button', { name: D.load, exact: true })).toBeDisabled();

  // an unknown case number
  const unknown = Math.max(...ids) + 1;
  await number.fill(String(unknown));
  await dialog.getByRole('button', { name: D.load, exact: true }).click();
  await expect(dialog.getByText(M.caseNotLoaded)).toBeVisible();

  // a known one, picked from the list
  await number.fill(String(caseNumber).slice(0, 3));
  await page.getByRole('option', { name: String(caseNumber), exact: true }).click();
  await expect(number).toHaveValue(String(caseNumber));
  await dialog.getByRole('button', { name: D.load, exact: true }).click();
  await expect(page.getByText(M.caseLoaded)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Contact Name' })).toHaveValue(contactName);
});

test('Save and Preview saves the layout, opens the preview and returns to the sim list', async () => {
  const popupOpened = page.waitForEvent('popup');
  await button(D.preview).click();
  const popup = await popupOpened;
  await popup.waitForURL(new RegExp(`/sims/preview\\?simId=${simId}$`));
  await expect(page).toHaveURL(/\/sims$/);
  await popup.close();

  const headers = await bearer();
  const fetched = await page.request.get(`/api/v1/layoutData/fetch?sim_id=${simId}`, { headers });
  expect(fetched.status()).toBe(200);
  const { layouts } = (await fetched.json()) as { layouts: TLayout[] };
  const caseLayout = layouts.find((l) => l.type === 'case');
  const fields = caseLayout?.tabs.flatMap((t) => t.sections.flatMap((s) => s.fields)) ?? [];
  expect(fields.find((f) => f.attribute_name === 'contact_name')?.value).toBe(contactName);

  const sim = await page.request.get(`/api/v1/sims/current-sim?id=${simId}`, { headers });
  expect(((await sim.json()) as { sim: { activeStep: number } }).sim.activeStep).toBe(3);
});
