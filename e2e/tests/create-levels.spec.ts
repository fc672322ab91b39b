import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TEXTS,
  SIM_BUILDER_TEXTS as B,
  CREATE_LEVELS_TEXTS as C,
  EXCEL_LEVELS,
  EXCEL_MESSAGES,
  SIM_LIST_TEXTS as L,
  LEVELS_IMPORT_TEXTS,
  SIM_LIST_EMPTY_TEXTS,
} from '@sim/shared';
import ExcelJS from 'exceljs';
import { buildTeam, expect, serialSession, test } from './support';

/**
 * Create Levels as an administrator of a company built for the spec (authoring.md section 2): a training sim is made through Basic
 * Information and Select Avatars; on Create Levels a level is added, a customer and an agent line are dragged
 * in with the mouse and reordered, a line's audio is generated and played, the missing audio of the level is
 * generated in bulk, the sim is duplicated, and the levels template is downloaded, filled in and imported.
 * Then the sim is trashed, restored, and the trash emptied from the sim list. One session for the spec.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `E2E levels sim ${stamp}`;
const COPY = `${TITLE}${AUTHORING_TEXTS.copySuffix}`;
const CUSTOMER_LINE = 'Hello, I would like to book an appointment.';
const AGENT_LINE = 'Thank you for calling. May I have your date of birth?';
const IMPORTED_LEVEL = `Imported ${stamp}`;

let page: Page;

serialSession(
  async (seed) => (await buildTeam(seed)).tokens.admin,
  async (session) => {
    page = session.page;
    // the three columns and a few lines fit without scrolling (dnd-kit scrolls the page near its edges)
    await page.setViewportSize({ width: 1440, height: 1100 });
  },
);

const button = (name: string) => page.getByRole('button', { name, exact: true });
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const line = (n: number) => page.getByRole('listitem', { name: C.lineNumber(n), exact: true });
const canvas = () => page.getByTestId('script-canvas');
const simRow = (title: string) => page.getByRole('row').filter({ hasText: title });

/** A real mouse drag: press on the source, move in steps (dnd-kit needs movement), release on the target. */
async function drag(source: Locator, target: { x: number; y: number }) {
  const box = await source.boundingBox();
  if (!box) throw new Error('the drag source is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x, target.y, { steps: 20 });
  await page.mouse.up();
}

/** A point of the canvas below its lines. */
async function bottomOfCanvas() {
  const box = await canvas().boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height - 30 };
}

/** The new line opens for typing with its starting text selected: write the line and save it. */
async function writeLine(n: number, text: string) {
  const box = line(n).getByRole('textbox', { name: C.scriptText });
  await expect(box).toBeFocused();
  await box.fill(text);
  await line(n).getByRole('button', { name: C.save, exact: true }).click();
}

async function answer(title: string, label: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a training sim reaches Create Levels and gets a new level', async () => {
  await page.goto('/sims');
  await button(L.addNewSim).click();
  await page.getByRole('textbox', { name: B.title, exact: true }).fill(TITLE);
  await page.getByRole('textbox', { name: B.description, exact: true }).fill('A caller books an appointment.');
  await page.getByRole('combobox', { name: new RegExp(`^${B.product}`) }).click();
  await page.getByRole('option', { name: 'Training SIM', exact: true }).click();
  await expect(page.getByRole('radio', { name: B.simTypeLabels.training })).toBeChecked();
  await button(B.next).click();
  await expect(heading(B.selectAvatarsTitle)).toBeVisible();
  await button(B.next).click();

  await expect(heading(C.title)).toBeVisible();
  const levels = page.getByRole('list', { name: C.levelsList });
  await expect(levels.getByText('Watch and Learn', { exact: true })).toBeVisible();
  // nothing to preview yet
  await expect(button(C.preview)).toBeDisabled();

  await button(C.addLevel).click();
  const dialog = page.getByRole('dialog', { name: C.addLevelTitle });
  await expect(dialog.getByRole('textbox', { name: C.levelName })).toHaveValue('Watch the experts');
  await dialog.getByRole('button', { name: C.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(AUTHORING_MESSAGES.levelAdded)).toBeVisible();
  await expect(heading(C.canvas('Watch the experts'))).toBeVisible();
  await expect(page.getByText(C.emptyLevel)).toBeVisible();
});

test('customer and agent lines are dragged in, reordered, voiced and played', async () => {
  // the customer's line, dropped on the empty canvas
  await drag(page.getByTestId('character-customer'), await bottomOfCanvas());
  await expect(line(1)).toBeVisible();
  await expect(line(1)).toHaveAttribute('data-character-type', 'customer');
  await writeLine(1, CUSTOMER_LINE);
  // no audio yet: the auto-generate prompt; OK voices the line
  await expect(page.getByText(AUTHORING_TEXTS.autoGenerateAudio)).toBeVisible();
  await answer(C.generateAudioTitle, C.ok);
  await expect(line(1).locator('audio')).toHaveAttribute('src', /.+/, { timeout: 30_000 });

  // the agent's line, dropped below it
  await drag(page.getByTestId('character-agent'), await bottomOfCanvas());
  await expect(line(2)).toHaveAttribute('data-character-type', 'agent');
  await writeLine(2, AGENT_LINE);
  await answer(C.generateAudioTitle, C.cancel);
  await expect(line(2).getByTestId('script-text')).toHaveText(AGENT_LINE);
  await expect(line(2).locator('audio')).toHaveCount(0);
  await expect(page.getByRole('group', { name: C.micStrip, exact: true })).toBeVisible();

  // reorder: the agent's line is dragged by its handle onto the first line
  const first = await line(1).boundingBox();
  if (!first) throw new Error('line 1 is not visible');
  await drag(line(2).getByRole('button', { name: C.dragLine(2) }), { x: first.x + first.width / 2, y: first.y + 10 });
  await expect(line(1)).toHaveAttribute('data-character-type', 'agent');
  await expect(line(2)).toHaveAttribute('data-character-type', 'customer');
  // saved on the server: the order survives a reload
  await page.reload();
  await expect(heading(C.title)).toBeVisible();
  await page.getByRole('list', { name: C.levelsList }).getByText('Watch the experts', { exact: true }).click();
  await expect(line(1).getByTestId('script-text')).toHaveText(AGENT_LINE);
  await expect(line(2).getByTestId('script-text')).toHaveText(CUSTOMER_LINE);

  // the customer's clip is an MP3 served at its signed url, and it plays
  const audio = line(2).locator('audio');
  const src = await audio.getAttribute('src');
  expect(src).toBeTruthy();
  const clip = await page.request.get(src as string);
  expect(clip.status()).toBe(200);
  expect(clip.headers()['content-type']).toContain('audio/mpeg');
  expect((await clip.body()).length).toBeGreaterThan(1000);
  await line(2).getByRole('button', { name: C.play, exact: true }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0 || a.ended)).toBe(true);
});

test('the missing audio of the level is generated in bulk', async () => {
  await button(C.generateMissing).click();
  const progress = page.getByRole('status', { name: C.audioJobProgress });
  await expect(progress).toBeVisible();
  // every line that had no clip is voiced (here the agent's line)
  await expect(progress.getByText(C.audioJobDone(1, 1))).toBeVisible({ timeout: 60_000 });
  // the scripts were fetched again: the agent's line now has its clip
  await expect(line(1).locator('audio')).toHaveAttribute('src', /.+/);
  await expect(button(C.preview)).toBeEnabled();
});

test('the sim is duplicated', async () => {
  await button(C.duplicateSim).click();
  await expect(page.getByText(AUTHORING_MESSAGES.duplicated)).toBeVisible();
});

test('the selected level is exported, and the levels template is downloaded, filled in and imported', async () => {
  const exporting = page.waitForEvent('download');
  await button(C.exportLevel).click();
  expect((await exporting).suggestedFilename()).toMatch(/\.xlsx$/);

  await button(C.import).click();
  const dialog = page.getByRole('dialog', { name: C.importTitle });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: C.downloadTemplate }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(EXCEL_LEVELS.templateFileName);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'create-levels-e2e-'));
  const template = path.join(dir, EXCEL_LEVELS.templateFileName);
  await download.saveAs(template);

  // fill the Levels sheet under its header row, columns found by name
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.getWorksheet(EXCEL_LEVELS.sheet);
  if (!sheet) throw new Error('the template has no Levels sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const column = (name: string) => header.indexOf(name);
  const rows = [
    { type: 'customer', script: 'I need to move my appointment.', keywords: '' },
    { type: 'agent', script: 'Sure, which day suits you?', keywords: 'which day' },
  ];
  rows.forEach((r, i) => {
    const row = sheet.getRow(2 + i);
    row.getCell(column('Level Name')).value = IMPORTED_LEVEL;
    row.getCell(column('Character Type')).value = r.type;
    row.getCell(column('Script')).value = r.script;
    row.getCell(column('Keywords')).value = r.keywords;
    row.commit();
  });
  const filled = path.join(dir, 'levels.xlsx');
  await workbook.xlsx.writeFile(filled);

  await dialog.getByTestId('levels-file').setInputFiles(filled);
  await expect(dialog.getByText('levels.xlsx')).toBeVisible();
  await dialog.getByRole('button', { name: C.upload, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(EXCEL_MESSAGES.uploaded.trim())).toBeVisible();
  // the imported lines have no audio: generating it is offered, and put off here
  const offer = page.getByRole('dialog', { name: LEVELS_IMPORT_TEXTS.audioTitle });
  await expect(offer.getByText(LEVELS_IMPORT_TEXTS.audioQuestion(2))).toBeVisible();
  await offer.getByRole('button', { name: LEVELS_IMPORT_TEXTS.later }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('list', { name: C.levelsList }).getByText(IMPORTED_LEVEL, { exact: true })).toBeVisible();
  // the imported level is selected, with its two lines
  await expect(heading(C.canvas(IMPORTED_LEVEL))).toBeVisible();
  await expect(line(2).getByTestId('script-text')).toHaveText('Sure, which day suits you?');
  await expect(line(2).locator('mark')).toHaveText('which day');
  await fs.rm(dir, { recursive: true, force: true });
});

test('the sim is trashed, restored, and the trash emptied from the sim list', async () => {
  await page.goto('/sims');
  await expect(simRow(TITLE).first()).toBeVisible();
  await expect(simRow(COPY)).toBeVisible();

  await button(`${L.delete} ${TITLE}`).click();
  await answer(L.deleteTitle, L.deleteConfirm);
  await button(L.trash).click();
  await expect(heading(AUTHORING_TEXTS.trashTitle)).toBeVisible();
  await button(`${L.restore} ${TITLE}`).click();
  await answer(L.restoreTitle, L.restoreConfirm);
  await expect(button(`${L.restore} ${TITLE}`)).toBeHidden();
  await button(L.sims).click();
  await expect(button(`${L.delete} ${TITLE}`)).toBeVisible();

  // the copy goes to the trash, which is then emptied
  await button(`${L.delete} ${COPY}`).click();
  await answer(L.deleteTitle, L.deleteConfirm);
  await button(L.trash).click();
  await expect(button(`${L.restore} ${COPY}`)).toBeVisible();
  await button(L.emptyTrash).click();
  await answer(L.emptyTrashTitle, L.emptyTrashConfirm);
  // an emptied trash says so (issue 15: the company still has sims)
  await expect(page.getByText(SIM_LIST_EMPTY_TEXTS.trashEmpty)).toBeVisible();
  await button(L.sims).click();
  await expect(button(`${L.delete} ${TITLE}`)).toBeVisible();
  await expect(button(`${L.delete} ${COPY}`)).toBeHidden();
});
