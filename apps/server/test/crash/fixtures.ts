import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXCEL_LEVELS, ROLE_NAMES } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simCharacters, simLevels, simScripts } from '../../src/db/schema/index';
import { runChecked } from '../../src/lib/process';
import {
  buildAssignment,
  buildAttempt,
  buildCompany,
  buildSim,
  buildTakeSim,
  buildUser,
  type DbSeed,
  productId,
  type Seed,
  tokenFor,
} from '../factories';

/** What the crash cases upload: a spoken take, a levels workbook; and the people and sims they need. */

/** A learner's take as the browser records it: `seconds` of a tone, 16 kHz mono WAV (made by ffmpeg). */
export async function takeWav(seconds: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-crash-take-'));
  try {
    const out = path.join(dir, 'take.wav');
    await runChecked('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:duration=${seconds}`,
      '-ar',
      '16000',
      '-ac',
      '1',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Length in seconds of an audio file, as ffprobe reads it. */
export async function audioSeconds(data: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-crash-probe-'));
  try {
    const file = path.join(dir, 'audio');
    await fs.writeFile(file, data);
    const out = await runChecked('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file]);
    return Number(JSON.parse(out.toString('utf8')).format.duration);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export type ImportRow = [level: string, type: string, script: string, keywords?: string];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A levels workbook as the template has it: the 'Levels' sheet, its header row, one row per line. */
export async function levelsWorkbook(rows: readonly ImportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(EXCEL_LEVELS.sheet);
  sheet.addRow([...EXCEL_LEVELS.columns]);
  for (const r of rows) sheet.addRow([r[0], r[1], r[2], r[3] ?? '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The lines of a sim's levels from the database: level name → [type, text, keywords] in order. */
export async function linesOfSim(seed: DbSeed, simId: string): Promise<Record<string, string[][]>> {
  const rows = await seed.db
    .select({ level: simLevels.name, type: simCharacters.type, text: simScripts.script, keywords: simScripts.keywords })
    .from(simScripts)
    .innerJoin(simLevels, eq(simLevels.id, simScripts.simLevelId))
    .leftJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
    .where(eq(simScripts.simId, simId))
    .orderBy(asc(simLevels.sortOrder), asc(simScripts.sortOrder));
  const out: Record<string, string[][]> = {};
  for (const r of rows) {
    out[r.level] ??= [];
    out[r.level].push([r.type ?? '', r.text, (r.keywords ?? []).join(', ')]);
  }
  return out;
}

/** The names of a sim's levels in order. */
export async function levelNames(seed: DbSeed, simId: string): Promise<string[]> {
  const rows = await seed.db
    .select({ name: simLevels.name })
    .from(simLevels)
    .where(eq(simLevels.simId, simId))
    .orderBy(asc(simLevels.sortOrder));
  return rows.map((r) => r.name);
}

/** A company with an admin (authoring) and an agent (learner), and their sign-in tokens. */
export async function people(seed: Seed) {
  const company = await buildCompany(seed);
  const admin = await buildUser(seed, company, { role: ROLE_NAMES.admin });
  const agent = await buildUser(seed, company, { role: ROLE_NAMES.agent });
  return {
    company,
    admin,
    agent,
    adminToken: await tokenFor(seed, admin),
    agentToken: await tokenFor(seed, agent),
  };
}

/** A training sim (Watch and Learn level only) by the admin. */
export async function trainingSim(seed: DbSeed, admin: { id: string; companyId: string }): Promise<string> {
  return buildSim(seed, admin, { productId: await productId(seed, 'Training SIM') });
}

/** An attempt of the agent at the spoken level (two agent lines with keywords) of a sim assigned to them. */
export async function spokenAttempt(seed: DbSeed, who: Awaited<ReturnType<typeof people>>) {
  const sim = await buildTakeSim(seed, who.admin);
  const assignment = await buildAssignment(seed, {
    companyId: who.company.companyId,
    simId: sim.simId,
    userId: who.agent.id,
    status: 'IN PROGRESS',
  });
  const attempt = await buildAttempt(seed, {
    companyId: who.company.companyId,
    assignmentId: assignment.id,
    userId: who.agent.id,
    simId: sim.simId,
    simLevelId: sim.levels[1].id,
  });
  return { attempt, lines: sim.levels[1].agentLines };
}
