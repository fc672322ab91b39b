import type { Page } from '@playwright/test';
import {
  AUTHORING_MESSAGES,
  AUTHORING_TEXTS,
  SIM_BUILDER_TEXTS as B,
  SIM_LIST_TEXTS as L,
  UPLOAD_MESSAGES as M,
  BUILDER_UPLOAD_TEXTS as U,
  UPLOAD_LIMITS,
} from '@sim/shared';
import { buildTeam, expect, serialSession, test } from './support';

/**
 * Basic Information's files and links as an administrator of a company built for the spec (authoring.md
 * sections 2, 5 and 8): a new sim is saved, gets 5 attachments and refuses the 6th (in the page and on the
 * server), an attachment's link answers its bytes, a link tag is added and removed, and a learning package is
 * uploaded and opened. One session for the whole spec.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `E2E uploads sim ${stamp}`;

let page: Page;
let simId = '';

serialSession(
  async (seed) => (await buildTeam(seed)).tokens.admin,
  (session) => {
    page = session.page;
  },
);

const button = (name: string) => page.getByRole('button', { name, exact: true });
const bearer = async () => ({ Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` });
const attachmentFile = (n: number) => ({
  name: `e2e-attachment-note-${n}-${stamp}.txt`,
  mimeType: 'text/plain',
  buffer: Buffer.from(`Attachment ${n} of ${TITLE}\n`),
});

// --- a tiny ZIP writer (stored entries, no compression): enough for a learning package -----------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function zip(files: { name: string; data: Buffer }[]): Buffer {
  const DOS_DATE = (1 << 5) | 1; // 1980-01-01
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 30); // extra and comment lengths
    central.writeUInt32LE(0, 34); // disk and internal attributes
    central.writeUInt32LE(0, 38); // external attributes
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

test('a new sim is saved on Basic Information, then takes its files', async () => {
  await page.goto('/sims');
  await expect(page.getByRole('heading', { name: AUTHORING_TEXTS.listTitle, exact: true })).toBeVisible();
  await button(L.addNewSim).click();
  await expect(page.getByRole('heading', { name: B.basicInfoTitle })).toBeVisible();

  // no sim yet: the uploads wait for the first save, and say so
  await expect(page.getByText(U.saveFirstHint)).toBeVisible();
  await expect(button(U.addAttachment)).toBeDisabled();
  await expect(button(U.saveSim)).toBeDisabled();
  await page.getByRole('textbox', { name: B.title, exact: true }).fill(TITLE);
  await page.getByRole('textbox', { name: B.description, exact: true }).fill('A caller asks about a refill.');
  await button(U.saveSim).click();

  await expect(page).toHaveURL(/\/sims\/createsim\?simId=[0-9a-f-]+$/);
  simId = new URL(page.url()).searchParams.get('simId') ?? '';
  await expect(page.getByRole('heading', { name: B.basicInfoTitle })).toBeVisible();
  await expect(page.getByRole('textbox', { name: B.title, exact: true })).toHaveValue(TITLE);
  await expect(button(U.addAttachment)).toBeEnabled();
  await expect(page.getByText(U.saveFirstHint)).toHaveCount(0);
});

test('five attachments are uploaded, the 6th is refused, and a link answers the same bytes', async () => {
  const attachments = page.getByRole('list', { name: U.attachments });
  const input = page.getByLabel(U.attachmentInput);
  for (let n = 1; n <= UPLOAD_LIMITS.maxAttachments; n++) {
    await input.setInputFiles(attachmentFile(n));
    await expect(attachments.getByRole('listitem')).toHaveCount(n);
    await expect(page.getByText(U.uploaded(attachmentFile(n).name))).toBeVisible();
  }
  await expect(page.getByText(M.attachmentUploaded)).toBeVisible();
  // the name is cut at 25 characters
  const first = attachmentFile(1);
  expect(first.name.length).toBeGreaterThan(UPLOAD_LIMITS.attachmentNameCut);
  await expect(attachments.getByText(`${first.name.slice(0, 25)}...`, { exact: true })).toBeVisible();

  // the 6th: refused in the page before any upload
  await input.setInputFiles(attachmentFile(6));
  await expect(page.getByText(M.maxAttachments)).toBeVisible();
  await expect(attachments.getByRole('listitem')).toHaveCount(UPLOAD_LIMITS.maxAttachments);

  // ...and by the server, for a client that skips the page's check
  const headers = await bearer();
  const presigned = await page.request.post('/api/v1/sims/get-presigned-url', {
    headers,
    data: { type: 'attachment', fileName: 'six.txt', sim_id: simId },
  });
  if (presigned.ok()) {
    const { presignedUrl, downloadUrl } = (await presigned.json()) as { presignedUrl: string; downloadUrl: string };
    await page.request.put(presignedUrl, { headers: { 'Content-Type': 'text/plain' }, data: Buffer.from('six') });
    const sixth = await page.request.post('/api/v1/sims/add-attachment', {
      headers,
      data: { id: simId, url: downloadUrl, fileName: 'six.txt', mimeType: 'text/plain' },
    });
    expect(sixth.status()).toBe(400);
    expect(((await sixth.json()) as { message: string }).message).toBe(M.maxAttachments);
  } else {
    expect(presigned.status()).toBe(400);
    expect(((await presigned.json()) as { message: string }).message).toBe(M.maxAttachments);
  }

  // an attachment's link opens the stored file
  const link = attachments.getByRole('link', { name: U.open(first.name) });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(Buffer.compare(await file.body(), first.buffer)).toBe(0);

  // the attachments stay with the sim
  await page.reload();
  await expect(page.getByRole('list', { name: U.attachments }).getByRole('listitem')).toHaveCount(
    UPLOAD_LIMITS.maxAttachments,
  );
});

test('a link tag is added with Enter, kept with the sim, and removed', async () => {
  const LINK = `https://example.com/e2e-${stamp}`;
  const links = page.getByRole('list', { name: U.links });
  const input = page.getByRole('textbox', { name: U.linkInput });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/sims/basicInfo') && r.request().method() === 'POST' && r.status() === 200,
  );
  await input.fill(LINK);
  await input.press('Enter');
  await expect(links.getByRole('link', { name: LINK })).toBeVisible();
  await saved;
  // a duplicate is refused
  await input.fill(LINK);
  await input.press('Enter');
  await expect(page.getByText(AUTHORING_MESSAGES.duplicateLink)).toBeVisible();
  await expect(links.getByRole('listitem')).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('list', { name: U.links }).getByRole('link', { name: LINK })).toBeVisible();

  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/sims/basicInfo') && r.request().method() === 'POST' && r.status() === 200,
  );
  await page.getByRole('button', { name: U.removeNamed(LINK) }).click();
  await removed;
  await expect(page.getByRole('link', { name: LINK })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: U.linkInput })).toBeVisible();
  await expect(page.getByRole('link', { name: LINK })).toHaveCount(0);
});

test('a learning package is uploaded and its link opens the start page', async () => {
  const startPage = `<!doctype html><html><head><title>Course</title></head><body><h1>Course ${stamp}</h1></body></html>`;
  const archive = zip([
    { name: 'course/index.html', data: Buffer.from(startPage) },
    { name: 'course/notes.txt', data: Buffer.from('notes') },
  ]);
  await page
    .getByLabel(U.packageInput)
    .setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: archive });
  await expect(page.getByText(M.packageUploaded)).toBeVisible();
  const open = page.getByRole('link', { name: U.openPackage });
  await expect(open).toBeVisible();
  const href = await open.getAttribute('href');
  const answer = await page.request.get(href ?? '');
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(`Course ${stamp}`);

  // kept with the sim
  await page.reload();
  await expect(page.getByRole('link', { name: U.openPackage })).toBeVisible();
});
