import type { Page, TestInfo } from '@playwright/test';
import {
  ADMIN_LIMITS,
  ADMIN_TEXTS,
  EMPLOYEE_TEXTS,
  ROLE_NAMES,
  TASK_LABELS,
  type TSimListResponse,
  WIZARD_STEPS,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../apps/server/src/db/schema/index';
import { buildUser, roleId } from '../../apps/server/test/factories/company';
import { collectPageErrors, expect, signIn, test } from './support';

/**
 * The admin and authoring screens at 1280×800 (issue 15): the sim builder, the employee list and the
 * permission matrix, each photographed into the run's output (test-results/, attached to the report), and
 * checked that no table or matrix is wider than its frame: a table either fits, or scrolls sideways inside
 * a frame whose horizontal scrollbar is on screen (not below every row), and the page itself never scrolls
 * sideways. As the demo seed's administrator, signed in through the form.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORT = { width: 1280, height: 800 };
const DEMO_SIM = 'New Patient Appointment - Cardiology';
/** employees added to the demo company: enough rows for the infinite scroll, named for the natural sort */
const BULK = 24;
const stamp = Date.now().toString(36);

let page: Page;
let errors: string[];

test.beforeAll(async ({ browser, seed }) => {
  const [admin] = await seed.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, 'admin@demo.local'));
  const company = { companyId: admin.companyId, roleIds: { agent: await roleId(seed, admin.companyId, 'agent') } };
  for (let n = 1; n <= BULK; n++)
    await buildUser(seed, company, {
      role: ROLE_NAMES.agent,
      firstName: `Bulk${n}`,
      lastName: 'Layout',
      email: `bulk${n}-${stamp}@example.test`,
    });
  const context = await browser.newContext({ viewport: VIEWPORT });
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, 'admin@demo.local');
});

test.afterEach(() => {
  expect(errors, 'errors logged by the page').toEqual([]);
});

test.afterAll(async () => {
  await page?.context().close();
});

/** A screenshot of the window into the test's output folder, attached to the report. */
async function photograph(testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${VIEWPORT.width}x${VIEWPORT.height}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

interface FrameReport {
  table: string;
  tableWidth: number;
  frameWidth: number;
  scrollsSideways: boolean;
  /** the frame really moves sideways when scrolled (its last column can be brought into view) */
  scrolls: boolean;
  frameRight: number;
  frameBottom: number;
}

/**
 * Every table of the page with its frame: the nearest ancestor that clips or scrolls sideways (else its
 * parent), how wide the table is against it, and where the frame ends on screen. Also how wide the page is.
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const frames: FrameReport[] = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      let frame = table.parentElement;
      while (frame && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(frame).overflowX))
        frame = frame.parentElement;
      const box = frame ?? (table.parentElement as HTMLElement);
      const style = getComputedStyle(box);
      const rect = box.getBoundingClientRect();
      const left = box.scrollLeft;
      box.scrollLeft = box.scrollWidth;
      const scrolls = box.scrollLeft > left;
      box.scrollLeft = left;
      frames.push({
        table: table.getAttribute('aria-label') ?? table.id ?? 'table',
        tableWidth: frame ? frame.scrollWidth : table.getBoundingClientRect().width,
        frameWidth: box.clientWidth,
        scrollsSideways: frame !== null && ['auto', 'scroll'].includes(style.overflowX),
        scrolls,
        frameRight: rect.right,
        frameBottom: rect.bottom,
      });
    }
    return {
      frames,
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: document.documentElement.clientWidth,
      windowHeight: window.innerHeight,
    };
  });
}

/** The layout rule of issue 15, for every table of the page. */
async function expectTablesInFrames(page: Page, expectedTables: number) {
  const { frames, pageWidth, windowWidth, windowHeight } = await measure(page);
  expect(frames.length, 'tables on the page').toBeGreaterThanOrEqual(expectedTables);
  expect(pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(windowWidth);
  for (const f of frames) {
    expect(f.frameRight, `${f.table}: its frame ends inside the window`).toBeLessThanOrEqual(windowWidth + 0.5);
    if (f.tableWidth <= f.frameWidth) continue;
    // wider than its frame: only inside a frame that scrolls sideways, with the scrollbar on screen
    expect(f.scrollsSideways, `${f.table} (${f.tableWidth} px) is cut by its ${f.frameWidth} px frame`).toBe(true);
    expect(f.scrolls, `${f.table}: its frame scrolls sideways`).toBe(true);
    // the horizontal scrollbar runs along the frame's bottom edge (headless Chromium draws none to measure)
    expect(f.frameBottom, `${f.table}: the horizontal scrollbar is in the window`).toBeLessThanOrEqual(windowHeight);
  }
  return frames;
}

/** The text lines each column header takes (one per header: no "First / Name"). */
function headerLines(page: Page, tableLabel: string) {
  return page.evaluate((label) => {
    const table = document.querySelector(`table[aria-label="${label}"]`);
    return Array.from(table?.querySelectorAll('thead th') ?? []).map((th) => {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return { text: th.textContent ?? '', lines: tops.size };
    });
  }, tableLabel);
}

test('the sim builder of the demo sim', async () => {
  const testInfo = test.info();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const list = (await (
    await page.request.get(`/api/v1/sims/listing?title=${encodeURIComponent('New Patient Appointment')}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as TSimListResponse;
  const sim = list.sims.find((s) => s.title === DEMO_SIM);
  expect(sim, 'the demo sim').toBeTruthy();
  await page.goto(`/sims/createsim?simId=${sim?._id}`);
  // the wizard of a complete sim opens on its step; the page is settled once its calls are answered
  await expect(page.getByText(WIZARD_STEPS[0], { exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await photograph(testInfo, 'sim-builder');
  await expectTablesInFrames(page, 0);
});

test('the employee list', async () => {
  const testInfo = test.info();
  await page.goto('/admin');
  const table = page.getByRole('table', { name: EMPLOYEE_TEXTS.tableLabel });
  await expect(table.getByText('Bulk1', { exact: true })).toBeVisible();
  await photograph(testInfo, 'employee-list');
  const [frame] = await expectTablesInFrames(page, 1);
  expect(frame.frameBottom, 'the frame ends in the window').toBeLessThanOrEqual(VIEWPORT.height);

  // headers on one line
  for (const header of await headerLines(page, EMPLOYEE_TEXTS.tableLabel))
    expect(header.lines, `"${header.text}" on one line`).toBe(1);

  // the rows scroll inside the frame until every employee is there, in natural order
  const scroller = page.locator('[data-table-frame]').filter({ has: table });
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByText(/^All \d+ employees are shown\.$/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // the first-name cell holds the avatar's initials, then the name
  const names = (await table.locator('tbody tr td:nth-child(2)').allInnerTexts())
    .map((t) => /\bBulk\d+$/.exec(t.trim())?.[0])
    .filter((t) => t !== undefined);
  expect(names).toEqual(Array.from({ length: BULK }, (_, i) => `Bulk${i + 1}`));
  // the page itself did not grow sideways or below the window with the rows
  await expectTablesInFrames(page, 1);
});

test('the permission matrix', async () => {
  const testInfo = test.info();
  await page.goto(`/admin?tab=${ADMIN_LIMITS.tabs.permissions}`);
  const matrix = page.getByRole('table', { name: ADMIN_TEXTS.managePermissions });
  await expect(matrix.getByRole('rowheader', { name: TASK_LABELS.all_assignments })).toBeVisible();
  await expect(matrix.getByText('all_assignments', { exact: true })).toHaveCount(0);
  await photograph(testInfo, 'permission-matrix');
  await expectTablesInFrames(page, 1);
  for (const header of await headerLines(page, ADMIN_TEXTS.managePermissions))
    expect(header.lines, `"${header.text}" on one line`).toBe(1);
});
