import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHORING_LIMITS, CHARACTER_TYPES, EXCEL_LEVELS, EXCEL_MESSAGES, type TLevel } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { simCharacters, simLevels, simScripts } from '../src/db/schema/index';
import { type Answer, type Caller, expectFailure, MISSING_ID, staffedCompany, testApp } from './factories';
import { trainingSim, trainingSimWithScripts } from './sims-training';

const M = EXCEL_MESSAGES;
const READ_XLSX = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-xlsx.py');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Row = [level: string, type: string, script: string, keywords?: string, hint?: string];

/** Rows of the first sheet of an .xlsx as a second program (python3, stdlib only) reads them. */
function readWithPython(data: Buffer): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-xlsx-'));
  try {
    const file = path.join(dir, 'level.xlsx');
    fs.writeFileSync(file, data);
    return JSON.parse(execFileSync('python3', [READ_XLSX, file], { encoding: 'utf8' })) as string[][];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The downloaded template with rows filled in under its header. */
async function filledTemplate(template: Buffer, rows: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(EXCEL_LEVELS.sheet);
  if (!sheet) throw new Error('no Levels sheet');
  for (const r of rows) sheet.addRow([r[0], r[1], r[2], r[3] ?? '', r[4] ?? '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const TWO_LEVELS: Row[] = [
  ['Greeting', 'customer', 'Hello, I need to see a cardiologist.'],
  ['Greeting', 'agent', 'I can schedule your appointment on Monday.', 'schedule, Monday | Tuesday', 'Offer Monday'],
  ['Greeting', 'coach', 'Always offer a day.'],
  ['Closing', 'agent', 'Is there anything else I can help with?', 'anything & else'],
  ['Closing', 'customer', 'No, thank you.'],
  ['Closing', 'other', 'The call ends.', '', 'Say goodbye'],
];

describe('levels import and export through Excel', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let template: Buffer;
  beforeAll(async () => {
    const res = await a.as.admin.get('/api/v1/sims/download-template');
    expect(res.statusCode, res.body).toBe(200);
    template = res.rawPayload;
  });

  const levelRows = (simId: string) =>
    ctx.db.select().from(simLevels).where(eq(simLevels.simId, simId)).orderBy(asc(simLevels.sortOrder));
  /** [character type, text, keywords, hint] of a level's scripts, in order, from the database. */
  const scriptLines = async (levelId: string) =>
    (
      await ctx.db
        .select({ script: simScripts, type: simCharacters.type })
        .from(simScripts)
        .leftJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
        .where(eq(simScripts.simLevelId, levelId))
        .orderBy(asc(simScripts.sortOrder))
    ).map(({ script, type }) => ({
      order: script.sortOrder,
      type,
      text: script.script,
      keywords: script.keywords,
      hint: script.hintText,
    }));
  const upload = (as: Caller, simId: string, data: Buffer, filename = 'levels.xlsx', contentType = XLSX) =>
    as.form('/api/v1/sims/upload-levels', { sim_id: simId, levelCount: '1', order: '1' }, [
      { field: 'file', filename, contentType, data },
    ]);
  const exportOf = (as: Caller, levelId: string) => as.get(`/api/v1/sims/excel/levels?level_id=${levelId}`);
  const contentDisposition = (res: Answer) => String(res.headers['content-disposition']);

  describe('GET /api/v1/sims/download-template', () => {
    it('serves Levels_Template.xlsx: the Levels header row and the Instructions with the limits', async () => {
      const res = await a.as.supervisor.get('/api/v1/sims/download-template');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(contentDisposition(res)).toBe('attachment; filename="Levels_Template.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      expect(workbook.worksheets.map((w) => w.name)).toEqual(['Levels', 'Tests', 'Level Settings', 'Instructions']);
      const headerOf = (name: string) => ((workbook.getWorksheet(name)?.getRow(1).values ?? []) as unknown[]).slice(1);
      expect(headerOf('Levels')).toEqual([...EXCEL_LEVELS.columns]);
      expect(headerOf('Tests')).toEqual([...EXCEL_LEVELS.testColumns]);
      expect(headerOf('Level Settings')).toEqual([...EXCEL_LEVELS.settingColumns]);
      for (const sheet of ['Levels', 'Tests', 'Level Settings']) expect(workbook.getWorksheet(sheet)?.rowCount).toBe(1);
      const help: string[] = [];
      workbook.getWorksheet('Instructions')?.eachRow((row) => {
        help.push(row.values.toString());
      });
      const text = help.join('\n');
      for (const column of EXCEL_LEVELS.columns) expect(text).toContain(column);
      expect(text).toContain(`At most ${AUTHORING_LIMITS.maxLevels} levels per sim`);
      expect(text).toContain(`At most ${AUTHORING_LIMITS.maxScriptsPerLevel} scripts per level`);
      expect(text).toContain(`one of ${CHARACTER_TYPES.join(', ')}`);
      // the second program reads it too
      expect(readWithPython(res.rawPayload)).toEqual([[...EXCEL_LEVELS.columns]]);
    });

    it('needs sim_list view and a sign-in', async () => {
      expectFailure(await a.as.agent.get('/api/v1/sims/download-template'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/sims/download-template'), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/sims/upload-levels', () => {
    it('imports the filled template: 2 levels × 3 scripts after the existing level, in order', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const res = await upload(a.as.manager, simId, await filledTemplate(template, TWO_LEVELS));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { success: true; message: string; levels: TLevel[] };
      expect(body.message).toBe('Excel Uploaded Successfully ');
      expect(body.levels.map((l) => [l.name, l.order, l.totalScripts])).toEqual([
        ['Greeting', 1, 3],
        ['Closing', 2, 3],
      ]);
      const levels = await levelRows(simId);
      expect(levels.map((l) => l.name)).toEqual(['Watch and Learn', 'Greeting', 'Closing']);
      expect(await scriptLines(levels[1].id)).toEqual([
        { order: 1, type: 'customer', text: TWO_LEVELS[0][2], keywords: [], hint: '' },
        {
          order: 2,
          type: 'agent',
          text: TWO_LEVELS[1][2],
          keywords: ['schedule', 'Monday | Tuesday'],
          hint: 'Offer Monday',
        },
        { order: 3, type: 'coach', text: TWO_LEVELS[2][2], keywords: [], hint: '' },
      ]);
      expect(await scriptLines(levels[2].id)).toEqual([
        { order: 1, type: 'agent', text: TWO_LEVELS[3][2], keywords: ['anything & else'], hint: '' },
        { order: 2, type: 'customer', text: TWO_LEVELS[4][2], keywords: [], hint: '' },
        { order: 3, type: 'other', text: TWO_LEVELS[5][2], keywords: [], hint: 'Say goodbye' },
      ]);
    });

    it('imports a .csv with the same header (quoted commas and line breaks kept)', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const csv = [
        'Level Name,Character Type,Script,Keywords,Hint Text',
        'Practice,Agent,"Hello, thanks for calling.\nHow can I help?","thanks, help",',
        'Practice,customer,"I said ""hi""",,',
        '',
      ].join('\r\n');
      const res = await upload(a.as.admin, simId, Buffer.from(csv), 'levels.csv', 'text/csv');
      expect(res.statusCode, res.body).toBe(200);
      const [, practice] = await levelRows(simId);
      expect(await scriptLines(practice.id)).toEqual([
        {
          order: 1,
          type: 'agent',
          text: 'Hello, thanks for calling.\nHow can I help?',
          keywords: ['thanks', 'help'],
          hint: '',
        },
        { order: 2, type: 'customer', text: 'I said "hi"', keywords: [], hint: '' },
      ]);
    });

    it("refuses a 6th level with 400 'More than 5 levels are not allowed for a sim.' and writes nothing", async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const ok = await upload(a.as.admin, simId, await filledTemplate(template, TWO_LEVELS));
      expect(ok.statusCode, ok.body).toBe(200);
      const three: Row[] = ['Four', 'Five', 'Six'].map((name) => [name, 'agent', `Line of ${name}`]);
      const res = await upload(a.as.admin, simId, await filledTemplate(template, three));
      expectFailure(res, 400, 'INVALID', 'More than 5 levels are not allowed for a sim.');
      expect((await levelRows(simId)).map((l) => l.name)).toEqual(['Watch and Learn', 'Greeting', 'Closing']);
      const two = await upload(a.as.admin, simId, await filledTemplate(template, three.slice(0, 2)));
      expect(two.statusCode, two.body).toBe(200);
      expect(await levelRows(simId)).toHaveLength(AUTHORING_LIMITS.maxLevels);
    });

    it("refuses other files with 415 'Please select the file with xlsx format only'", async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const xlsx = await filledTemplate(template, TWO_LEVELS);
      const cases: [Buffer, string][] = [
        [Buffer.from('Level Name,Character Type,Script\n'), 'levels.txt'],
        [Buffer.from('Level Name,Character Type,Script\n'), 'levels.xlsx'], // text renamed .xlsx
        [xlsx, 'levels.csv'], // a workbook renamed .csv
        [xlsx, 'levels.pdf'],
      ];
      for (const [data, filename] of cases)
        expectFailure(
          await upload(a.as.admin, simId, data, filename, 'application/octet-stream'),
          415,
          'UNSUPPORTED_TYPE',
          M.xlsxOnly,
        );
      expect(await levelRows(simId)).toHaveLength(1);
    });

    it('refuses a bad row with 400 naming the row and the reason; nothing written', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const bad: [Row[], string][] = [
        [[...TWO_LEVELS.slice(0, 3), ['Closing', 'manager', 'Who am I?']], M.row(5, M.unknownCharacterType('manager'))],
        [[['Greeting', 'agent', '   ']], M.row(2, M.scriptRequired)],
        [[['', 'agent', 'No level']], M.row(2, M.levelNameRequired)],
        [[['Greeting', 'agent', 'Hi', 'a & b | c']], M.row(2, M.keywords('Use only one operator & or |'))],
        [[['Greeting', 'agent', 'x'.repeat(AUTHORING_LIMITS.scriptMax + 1)]], M.row(2, M.scriptTooLong)],
        [[], M.noRows],
      ];
      for (const [rows, message] of bad)
        expectFailure(await upload(a.as.admin, simId, await filledTemplate(template, rows)), 400, 'INVALID', message);
      expect(await levelRows(simId)).toHaveLength(1);
    });

    it('refuses a level over 200 scripts, a missing file and a bad sim id with 400; over 5 MB with 413', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const many: Row[] = Array.from({ length: AUTHORING_LIMITS.maxScriptsPerLevel + 1 }, (_, i) => [
        'Long',
        'agent',
        `Line ${i + 1}`,
      ]);
      expectFailure(
        await upload(a.as.admin, simId, await filledTemplate(template, many)),
        400,
        'INVALID',
        M.row(AUTHORING_LIMITS.maxScriptsPerLevel + 2, M.tooManyScripts('Long')),
      );
      expectFailure(
        await a.as.admin.form('/api/v1/sims/upload-levels', { sim_id: simId }),
        400,
        'INVALID',
        M.fileMissing,
      );
      expectFailure(await upload(a.as.admin, 'nope', await filledTemplate(template, TWO_LEVELS)), 400, 'INVALID');
      const big = Buffer.concat([Buffer.from('Level Name,Character Type,Script\n'), Buffer.alloc(6 * 1024 * 1024, 32)]);
      expectFailure(await upload(a.as.admin, simId, big, 'big.csv', 'text/csv'), 413, 'TOO_LARGE', M.fileTooLarge);
      expect(await levelRows(simId)).toHaveLength(1);
    });

    it("needs sim_list update, the caller's company and a sign-in", async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const file = await filledTemplate(template, TWO_LEVELS);
      expectFailure(await upload(a.as.agent, simId, file), 403, 'FORBIDDEN');
      expectFailure(await upload(a.as.supervisor, simId, file), 403, 'FORBIDDEN');
      expectFailure(await upload(b.as.admin, simId, file), 404, 'NOT_FOUND');
      expectFailure(await upload(a.as.admin, MISSING_ID, file), 404, 'NOT_FOUND');
      expectFailure(await upload(a.as.nobody, simId, file), 401, 'UNAUTHORIZED');
      expect(await levelRows(simId)).toHaveLength(1);
    });
  });

  describe('GET /api/v1/sims/excel/levels', () => {
    it('exports a level in the template columns, read back by python3 (stdlib), and re-imports it', async () => {
      const { simId, levelId } = await trainingSimWithScripts(ctx, a.users.admin);
      await a.as.admin.patch(`/api/v1/sims/editLevel/${levelId}`, { sim_id: simId, name: 'Call: step/1 "A"' });
      const res = await exportOf(a.as.supervisor, levelId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(contentDisposition(res)).toBe('attachment; filename="Call_ step_1 _A_.xlsx"');

      const lines = await scriptLines(levelId);
      expect(lines.some((l) => l.keywords.length > 0 && l.hint)).toBe(true);
      const [header, ...rows] = readWithPython(res.rawPayload);
      expect(header).toEqual([...EXCEL_LEVELS.columns]);
      expect(rows.map((r) => Array.from({ length: 5 }, (_, i) => r[i] ?? ''))).toEqual(
        lines.map((l) => ['Call: step/1 "A"', l.type, l.text, l.keywords.join(', '), l.hint]),
      );

      // round trip: the export imported into another sim gives the same scripts
      const other = await trainingSim(ctx, a.users.admin);
      const imported = await upload(a.as.admin, other, res.rawPayload, 'Call_ step_1 _A.xlsx');
      expect(imported.statusCode, imported.body).toBe(200);
      const [, copy] = await levelRows(other);
      expect(copy.name).toBe('Call: step/1 "A"');
      expect(await scriptLines(copy.id)).toEqual(lines);
    });

    it('answers 404 for another company or a missing level; 403 without sim_list; 401 signed out', async () => {
      const { levelId } = await trainingSimWithScripts(ctx, a.users.admin);
      expectFailure(await exportOf(b.as.admin, levelId), 404, 'NOT_FOUND');
      expectFailure(await exportOf(a.as.admin, MISSING_ID), 404, 'NOT_FOUND');
      expectFailure(await exportOf(a.as.admin, 'nope'), 400, 'INVALID');
      expectFailure(await exportOf(a.as.agent, levelId), 403, 'FORBIDDEN');
      expectFailure(await exportOf(a.as.nobody, levelId), 401, 'UNAUTHORIZED');
    });
  });
});
