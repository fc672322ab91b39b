import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  CREATE_LEVELS_TEXTS as CL,
  DATA_INPUT_STEP_TEXTS as D,
  EXCEL_LEVELS,
  LAYOUT_TEMPLATE,
  SIM_BUILDER_TEXTS,
} from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  assignmentReviews,
  assignments,
  attemptLines,
  attempts,
  classNotes,
  screenRecordingVideos,
  tempRoles,
} from '../../apps/server/src/db/schema/index';
import { LocalBlobStore } from '../../apps/server/src/lib/blob-store';
import { makeInvitation } from '../../apps/server/src/lib/invitation';
import { deriveKey, resolveSecret } from '../../apps/server/src/lib/secrets';
import { buildAssignment, buildLevelAttempts } from '../../apps/server/test/factories/assignments';
import { buildTakeSim, type TakeLevelPlan } from '../../apps/server/test/factories/attempts';
import { buildCases } from '../../apps/server/test/factories/cases';
import type { Seed } from '../../apps/server/test/factories/company';
import { buildSim, productId } from '../../apps/server/test/factories/sims';
import {
  type A11yWorld,
  AGENT_LINE,
  buildA11yWorld,
  CUSTOMER_LINE,
  expectAccessible,
  focusInside,
} from './a11y-support';
import { expect, type Team } from './support';

/**
 * The data and helpers of the second round of accessibility specs (issue 18 part 5): the dialogs and screens
 * a11y-dialogs.spec.ts and a11y-screens.spec.ts do not reach. Built on a11y-support.ts (its world, its scan).
 */

export const INSTRUCTION = 'Confirm the caller’s date of birth before you book.';
export const NOTE_TEXT = 'Ask for the date of birth before the insurance card.';
export const FEEDBACK_LEVEL = 'Feedback on every line';
export const SCREEN_LEVEL = 'Record my screen';
export const DATA_LEVEL = 'Look up the case';
export const TEMP_ROLE = 'manager';

export interface TakeTarget {
  simId: string;
  simTitle: string;
  levelId: string;
  order: number;
  assignmentId: string;
}

export interface MoreWorld extends A11yWorld {
  /** the agent's PASS assignment of the world's sim, NO PASS then PASS (TRACK RECORD on the Completed tab) */
  passedAssignmentId: string;
  /** a sim in the trash */
  trashedTitle: string;
  /** a level with real-time feedback, assigned to the agent */
  feedback: TakeTarget;
  /** a line graded by the server for the agent (Completed: a keyword said, one missed) */
  gradedLineId: string;
  /** a level whose setting records the screen, assigned to the agent */
  screen: TakeTarget;
  /** a sim on the Internal Data product, with a customer line and an agent line */
  dataSim: DataSim;
}

const today = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A 2-second MP4 (a test pattern), as the screen-recording build makes one. */
function testVideo(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'a11y-video-'));
  const file = path.join(dir, 'video.mp4');
  try {
    execFileSync('ffmpeg', [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '2'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A level of one customer line and one agent line, assigned to the agent (NOT STARTED). */
async function assignedLevel(
  seed: Seed,
  team: Team,
  title: string,
  level: { name: string; order: number; lines: 'call' | 'customer'; fields: TakeLevelPlan['fields'] },
  product?: string,
): Promise<TakeTarget> {
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title, ...(product ? { productId: await productId(seed, product) } : {}) },
    levels: [
      {
        order: level.order,
        lines:
          level.lines === 'call'
            ? [
                ['customer', CUSTOMER_LINE],
                ['agent', AGENT_LINE, { keywords: ['schedule', 'Monday'] }],
              ]
            : [['customer', CUSTOMER_LINE]],
        fields: { name: level.name, keywordScore: true, ...level.fields },
      },
    ],
  });
  const [built] = sim.levels;
  if (!built) throw new Error('no level');
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  return { simId: sim.simId, simTitle: title, levelId: built.id, order: level.order, assignmentId: assignment.id };
}

/**
 * buildA11yWorld's company, sim and assignments, and: an instruction on the agent's assignment; a PASS
 * assignment of the agent (its track record); a sim in the trash; a temporary role of the supervisor; a
 * class note of the agent; a saved screen-recording video of the attempt under review (its MP4 in the
 * server's blob store); a level with real-time feedback and a line graded for the agent; a level that
 * records the screen; a sim on the Internal Data product with the company's cases.
 */
export async function buildMoreWorld(seed: Seed): Promise<MoreWorld> {
  const w = await buildA11yWorld(seed);
  const { team } = w;
  const companyId = team.company.companyId;
  const stamp = Date.now().toString(36);

  await seed.db.update(assignments).set({ notes: INSTRUCTION }).where(eq(assignments.id, w.assignmentId));
  const passed = await buildAssignment(seed, {
    companyId,
    simId: w.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
    status: 'PASS',
  });
  await buildLevelAttempts(seed, passed);
  await seed.db.insert(assignmentReviews).values([
    {
      assignmentId: passed.id,
      passOrFail: 'NO PASS',
      reviewComments: 'Say the day of the visit.',
      reviewedById: team.users.supervisor.id,
      reviewDate: new Date(Date.now() - 86_400_000),
    },
    { assignmentId: passed.id, passOrFail: 'PASS', reviewComments: '', reviewedById: team.users.supervisor.id },
  ]);

  const trashedTitle = `A11y trashed ${stamp}`;
  await buildSim(seed, team.users.admin, { title: trashedTitle, deletedAt: new Date() });

  const managerRole = team.company.roleIds[TEMP_ROLE];
  if (!managerRole) throw new Error('no manager role');
  await seed.db.insert(tempRoles).values({
    userId: team.users.supervisor.id,
    roleId: managerRole,
    startDate: today(),
    endDate: today(7),
    createdBy: team.users.admin.id,
  });

  await seed.db.insert(classNotes).values({ companyId, userId: team.users.agent.id, simId: w.simId, notes: NOTE_TEXT });

  // the review attempt's screen recording, saved
  const [reviewAttempt] = await seed.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.assignmentId, w.reviewAssignmentId));
  if (!reviewAttempt) throw new Error('no attempt under review');
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  const video = testVideo();
  const blobKey = `screen-recordings/${companyId}/${reviewAttempt.id}/video.mp4`;
  await new LocalBlobStore(path.join(dataDir, 'blobs')).put(blobKey, video, 'video/mp4');
  await seed.db.insert(screenRecordingVideos).values({
    attemptId: reviewAttempt.id,
    companyId,
    userId: team.users.agent2.id,
    status: 'saved',
    sources: ['screen-1'],
    requestedSeconds: 2,
    blobKey,
    size: video.length,
    width: 320,
    height: 240,
    durationSeconds: 2,
    builtAt: new Date(),
  });

  const feedback = await assignedLevel(seed, team, `A11y feedback ${stamp}`, {
    name: FEEDBACK_LEVEL,
    order: 2,
    lines: 'call',
    fields: { realTimeFeedback: true },
  });
  // the line the feedback shows: graded by the server on an earlier attempt of the agent
  const earlier = await buildAssignment(seed, {
    companyId,
    simId: feedback.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
    status: 'IN PROGRESS',
  });
  const [earlierAttempt] = await buildLevelAttempts(seed, earlier, { attempt: 'started' });
  const [graded] = await seed.db
    .update(attemptLines)
    .set({
      transcription: 'I can schedule your appointment with the cardiologist.',
      correctKeywords: ['schedule'],
      missedKeywords: ['Monday'],
      gradeScore: 50,
      passed: false,
      gradedFrom: 'upload',
      gradedAt: new Date(),
    })
    .where(and(eq(attemptLines.attemptId, earlierAttempt ?? ''), eq(attemptLines.status, 'Completed')))
    .returning({ id: attemptLines.id });
  if (!graded) throw new Error('no graded line');

  const screen = await assignedLevel(seed, team, `A11y screen ${stamp}`, {
    name: SCREEN_LEVEL,
    order: 0,
    lines: 'customer',
    fields: { screenRecording: true },
  });

  return {
    ...w,
    passedAssignmentId: passed.id,
    trashedTitle,
    feedback,
    gradedLineId: graded.id,
    screen,
    dataSim: await buildDataSim(seed, team),
  };
}

export interface DataSim {
  simId: string;
  title: string;
  levelId: string;
}

/** A sim on the Internal Data product (a customer line and an agent line), and the company's cases. */
export async function buildDataSim(seed: Seed, team: Team): Promise<DataSim> {
  const data = await assignedLevel(
    seed,
    team,
    `A11y data input ${Date.now().toString(36)}`,
    { name: DATA_LEVEL, order: 0, lines: 'call', fields: {} },
    'Training SIM - Internal Data',
  );
  await buildCases(seed, team.company);
  return { simId: data.simId, title: data.simTitle, levelId: data.levelId };
}

/** The level as the dashboard's START opens it (learner-and-review.md section 2), for the agent. */
export function takePath(w: MoreWorld, t: TakeTarget): string {
  const query = new URLSearchParams({
    levelId: t.levelId,
    assignment_id: t.assignmentId,
    sim_id: t.simId,
    user_id: w.team.users.agent.id,
    reviewer: 'false',
    order: String(t.order),
    continueSimLevel: 'false',
    activeIndex: '0',
  });
  return `/sims/takesim?${query.toString()}`;
}

/** A new-company invitation, signed with the server's key (as `npm run invite-company` makes one). */
export function invitation(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return makeInvitation(deriveKey(resolveSecret(undefined, dataDir), 'invite'), 3600);
}

export interface ShownDialogCheck {
  /** the dialog does not close on Escape by design (a choice the learner must make): closed by this button */
  closeWith?: string | RegExp;
  /** left open (what closes it leaves the screen, and the test ends there) */
  keepOpen?: boolean;
}

let shown = 0;

/**
 * A dialog the app opens by itself (after a recording, on arrival, after an import): the focus is inside it;
 * axe-core finds no serious or critical violation in it; Tab and Shift+Tab keep the focus inside; it closes
 * with Escape (or, where the spec wants a choice, with its button, pressed with Enter).
 */
export async function checkShownDialog(page: Page, dialog: Locator, where: string, check: ShownDialogCheck = {}) {
  await expect(dialog, `${where}: the dialog opens`).toBeVisible({ timeout: 20_000 });
  const mark = `shown-${++shown}`;
  await dialog.evaluate((el, m) => el.setAttribute('data-a11y-dialog', m), mark);
  const pinned = page.locator(`[data-a11y-dialog="${mark}"]`);
  await expect.poll(() => focusInside(pinned), { message: `${where}: the focus is in the dialog` }).toBe(true);
  await expectAccessible(page, `${where} (dialog)`, '[role="dialog"], [role="alertdialog"]');
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect.soft(await focusInside(pinned), `${where}: ${key} keeps the focus in the dialog`).toBe(true);
  }
  if (check.keepOpen) return;
  if (check.closeWith) {
    const button = pinned.getByRole('button', { name: check.closeWith });
    await button.focus();
    await page.keyboard.press('Enter');
  } else await page.keyboard.press('Escape');
  await expect(pinned, `${where}: the dialog closes`).toBeHidden();
}

/** The builder of the Internal Data sim, through Basic Information and Select Avatars, at its level. */
export async function openDataLevel(page: Page, w: { dataSim: DataSim }) {
  await page.goto(`/sims/createsim?simId=${w.dataSim.simId}`);
  await expect(page.getByRole('heading', { name: SIM_BUILDER_TEXTS.basicInfoTitle })).toBeVisible();
  await page.getByRole('button', { name: SIM_BUILDER_TEXTS.next, exact: true }).click();
  await expect(page.getByRole('heading', { name: SIM_BUILDER_TEXTS.selectAvatarsTitle })).toBeVisible();
  await page.getByRole('button', { name: SIM_BUILDER_TEXTS.next, exact: true }).click();
  const levels = page.getByRole('list', { name: CL.levelsList });
  await expect(levels).toBeVisible();
  await levels.getByRole('button', { name: new RegExp(`^${DATA_LEVEL}`) }).click();
  const canvas = page.getByRole('list', { name: CL.canvas(DATA_LEVEL) });
  await expect(canvas).toBeVisible();
  return canvas;
}

/** From Create Levels, NEXT to the Data Input step. */
export async function toDataInput(page: Page) {
  await page.getByRole('button', { name: CL.next, exact: true }).click();
  await expect(page.getByRole('heading', { name: D.title, exact: true })).toBeVisible();
}

/** UPLOAD EXCEL on Data Input: the layout template, downloaded from the dialog, uploaded; the layout shows. */
export async function uploadLayoutTemplate(page: Page) {
  await page.getByRole('button', { name: D.uploadExcel, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: D.uploadExcelTitle });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: D.downloadTemplate }).click();
  const template = fs.readFileSync((await (await downloading).path()) ?? '');
  await dialog.getByLabel(D.excelInput).setInputFiles({
    name: LAYOUT_TEMPLATE.templateFileName,
    mimeType: LAYOUT_TEMPLATE.mimeType,
    buffer: template,
  });
  await dialog.getByRole('button', { name: D.upload, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Contact Name' })).toBeVisible();
}

/**
 * In the open Import Levels dialog: the levels template downloaded, one level of a customer and an agent line
 * written in it, uploaded. The lines have no audio: the app offers to generate it next.
 */
export async function importOneLevel(page: Page, dialog: Locator, name: string) {
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: CL.downloadTemplate }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await (await downloading).path()) ?? '');
  const sheet = workbook.getWorksheet(EXCEL_LEVELS.sheet);
  if (!sheet) throw new Error('the template has no Levels sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const column = (title: string) => header.indexOf(title);
  const rows = [
    { type: 'customer', script: 'I need to move my appointment.', keywords: '' },
    { type: 'agent', script: 'Sure, which day suits you?', keywords: 'which day' },
  ];
  rows.forEach((r, i) => {
    const row = sheet.getRow(2 + i);
    row.getCell(column('Level Name')).value = name;
    row.getCell(column('Character Type')).value = r.type;
    row.getCell(column('Script')).value = r.script;
    row.getCell(column('Keywords')).value = r.keywords;
    row.commit();
  });
  await dialog.getByTestId('levels-file').setInputFiles({
    name: 'levels.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await dialog.getByRole('button', { name: CL.upload, exact: true }).click();
  await expect(dialog).toBeHidden();
}
