import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CALL_TYPES,
  DATA_INPUT_LIMITS as L,
  LAYOUT_FIELD_TYPES,
  LAYOUT_TEMPLATE,
  DATA_INPUT_MESSAGES as M,
  type TGetKeywordsResponse,
  type TLayout,
  type TLayoutFetchResponse,
  type TUploadKeywordResponse,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { simLayouts, sims } from '../src/db/schema/index';
import { buildSim, type Caller, expectFailure, MISSING_ID, staffedCompany, testApp } from './factories';
import { readWithLibreOffice } from './libreoffice';

const XLSX = LAYOUT_TEMPLATE.mimeType;
const READ_XLSX = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-xlsx.py');
const HEADER = [...LAYOUT_TEMPLATE.columns];
type Row = string[];

/** A field as [title, attribute, type, options, value, scorable, enabled]: the example layout, written out by hand. */
type FieldLine = [string, string, string, string[], string, boolean, boolean];
const field = ([field_title, attribute_name, type, options, value, is_scorable, is_enabled]: FieldLine) => ({
  field_title,
  attribute_name,
  type,
  options,
  value,
  is_scorable,
  is_enabled,
});
const EXAMPLE_TABS: [string, [string, FieldLine[]][]][] = [
  [
    'Case Details',
    [
      [
        'Case Information',
        [
          ['Case Number', 'case_number', 'number', [], '', false, false],
          ['Status', 'status', 'picklist', ['New', 'Working', 'Escalated', 'Closed'], 'New', true, true],
          ['Priority', 'priority', 'picklist', ['Low', 'Medium', 'High'], 'Medium', true, true],
          ['Case Origin', 'case_origin', 'picklist', ['Phone', 'Email', 'Web'], 'Phone', false, true],
          ['Contact Name', 'contact_name', 'text', [], '', true, true],
          ['Date of Birth', 'date_of_birth', 'date', [], '', true, true],
          ['Contact Phone', 'contact_phone', 'text', [], '', true, true],
        ],
      ],
      [
        'Additional Information',
        [
          ['Call Type', 'call_type', 'select', [...CALL_TYPES], '', true, true],
          [
            'Insurance Provider',
            'insurance_provider',
            'select',
            ['Blue Shield', 'Aetna', 'Cigna', 'UnitedHealthcare', 'Medicare', 'Medicaid', 'Self-pay'],
            '',
            true,
            true,
          ],
          [
            'Department',
            'department',
            'select',
            ['Cardiology', 'Dermatology', 'Orthopedics', 'Pediatrics', 'Primary Care', 'Neurology'],
            '',
            true,
            true,
          ],
          ['Preferred Date', 'preferred_date', 'date', [], '', true, true],
          ['Referral on File', 'referral_on_file', 'checkbox', [], 'false', true, true],
        ],
      ],
      [
        'Description Information',
        [
          ['Subject', 'subject', 'text', [], '', true, true],
          ['Description', 'description', 'textarea', [], '', false, true],
          ['Internal Comments', 'internal_comments', 'textarea', [], '', false, true],
        ],
      ],
    ],
  ],
  [
    'Web',
    [
      [
        'Web Information',
        [
          ['Web Email', 'web_email', 'text', [], '', true, true],
          ['Web Name', 'web_name', 'text', [], '', false, true],
          ['Web Company', 'web_company', 'text', [], '', false, true],
          ['Web Phone', 'web_phone', 'text', [], '', false, true],
        ],
      ],
    ],
  ],
];
const exampleLayout = (type: TLayout['type'], sheet: string): TLayout => ({
  type,
  excel_sheet_name: sheet,
  tabs: EXAMPLE_TABS.map(([tab_name, sections]) => ({
    tab_name,
    sections: sections.map(([section_name, fields]) => ({ section_name, fields: fields.map(field) })),
  })),
});

/** An .xlsx whose sheet holds the header and rows (values as given: strings, dates, numbers, booleans). */
async function workbookOf(rows: unknown[][], header: string[] = HEADER, sheetName = 'Layout'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csvOf = (rows: Row[]) => Buffer.from(`${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`);

/** A valid row: [tab, section, title, attribute, type, options, value, scorable, enabled]. */
const row = (over: Partial<Record<number, string>> = {}): Row => {
  const r = ['Case', 'Case Information', 'Subject', 'subject', 'text', '', '', 'Yes', 'Yes'];
  for (const [i, v] of Object.entries(over)) r[Number(i)] = v ?? '';
  return r;
};

/** Rows of the first sheet of an .xlsx as a second program (python3, stdlib only) reads them. */
function readWithPython(data: Buffer): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-layout-'));
  try {
    const file = path.join(dir, 'layout.xlsx');
    fs.writeFileSync(file, data);
    return JSON.parse(execFileSync('python3', [READ_XLSX, file], { encoding: 'utf8' })) as string[][];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('Data Input layouts', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let template: Buffer;
  beforeAll(async () => {
    const res = await a.as.admin.get('/api/v1/sims/download-template?kind=layout');
    expect(res.statusCode, res.body).toBe(200);
    template = res.rawPayload;
  });

  const upload = (
    as: Caller,
    simId: string,
    data: Buffer,
    filename = 'layout.xlsx',
    fields: Record<string, string> = { sim_id: simId, type: 'case' },
  ) =>
    as.form(`/api/v1/sims/upload-keyword/${simId}`, fields, [
      { field: 'file', filename, contentType: filename.endsWith('.csv') ? 'text/csv' : XLSX, data },
    ]);
  const storedLayouts = async (simId: string) =>
    Object.fromEntries(
      (await ctx.db.select().from(simLayouts).where(eq(simLayouts.simId, simId))).map((r) => [
        r.type,
        { type: r.type, excel_sheet_name: r.excelSheetName, tabs: r.tabs },
      ]),
    );
  const sheetNameOf = async (simId: string) =>
    (await ctx.db.select({ s: sims.sheetName }).from(sims).where(eq(sims.id, simId)))[0].s;
  const trashedSim = async () => {
    const simId = await buildSim(ctx, a.users.admin);
    expect((await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId })).statusCode).toBe(200);
    return simId;
  };

  describe('GET /api/v1/sims/download-template?kind=layout', () => {
    it('serves Layout_Template.xlsx: the Layout sheet with the header and the example rows, and the Instructions', async () => {
      const res = await a.as.supervisor.get('/api/v1/sims/download-template?kind=layout');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Layout_Template.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      expect(workbook.worksheets.map((w) => w.name)).toEqual(['Layout', 'Instructions']);

      // a second program reads the Layout sheet: the header, then one row per example field
      const [header, ...rows] = readWithPython(res.rawPayload);
      expect(header).toEqual(HEADER);
      const sections = new Set(rows.map((r) => r[1]));
      for (const name of ['Case Information', 'Additional Information', 'Description Information', 'Web Information'])
        expect(sections.has(name), name).toBe(true);
      expect(rows).toHaveLength(EXAMPLE_TABS.flatMap(([, s]) => s.flatMap(([, f]) => f)).length);

      const help: string[] = [];
      workbook.getWorksheet('Instructions')?.eachRow((r) => {
        help.push((r.values as unknown[]).filter((v) => typeof v === 'string').join(' | '));
      });
      const text = help.join('\n');
      for (const column of HEADER) expect(text).toContain(column);
      for (const type of LAYOUT_FIELD_TYPES) expect(text).toContain(type);
      expect(text).toContain(`At most ${L.maxFields} fields`);
      expect(text).toContain(`At most ${L.maxTabs} tabs`);
      expect(text).toContain(`At most ${L.maxOptions} options`);
      expect(text).toContain('YYYY-MM-DD');
    });

    it('keeps the levels template as the default and for kind=levels; refuses another kind with 400', async () => {
      for (const url of [
        '/api/v1/sims/download-template',
        '/api/v1/sims/download-template?kind=levels',
        '/api/v1/sims/download-template?kind=',
      ]) {
        const res = await a.as.admin.get(url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-disposition']).toBe('attachment; filename="Levels_Template.xlsx"');
        expect(readWithPython(res.rawPayload)[0][0]).toBe('Level Name');
      }
      expectFailure(await a.as.admin.get('/api/v1/sims/download-template?kind=accounts'), 400, 'INVALID');
      expectFailure(await a.as.agent.get('/api/v1/sims/download-template?kind=layout'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/sims/download-template?kind=layout'), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/sims/upload-keyword/:id', () => {
    it('parses the downloaded template, unchanged, into the example layout and stores it', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const res = await upload(a.as.manager, simId, template, 'Layout_Template.xlsx');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TUploadKeywordResponse;
      expect(body.message).toBe('Excel Uploaded Successfully ');
      expect(body.layout).toEqual(exampleLayout('case', 'Layout'));
      expect(await storedLayouts(simId)).toEqual({ case: exampleLayout('case', 'Layout') });
      expect(await sheetNameOf(simId)).toBe('Layout');
    });

    it('reads the template saved as .csv by LibreOffice into the same layout (the sheet named by the file)', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const csv = csvOf(await readWithLibreOffice(template));
      const res = await upload(a.as.admin, simId, csv, 'Intake Screen.csv', { sim_id: simId, type: 'account' });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as TUploadKeywordResponse).layout).toEqual(exampleLayout('account', 'Intake Screen'));
      expect(await storedLayouts(simId)).toEqual({ account: exampleLayout('account', 'Intake Screen') });
      expect(await sheetNameOf(simId)).toBe('Intake Screen');
    });

    it('finds columns by name in any order, fills the optional ones, and groups by tab and section', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const header = ['Field Title', 'Scorable', 'Section', 'Tab', 'Type', 'Options', 'Default Value'];
      const csv = csvOf([
        header,
        ['Contact Name', 'y', 'Caller', 'Main', '', '', ''],
        ['Reason, in short', 'no', 'Call', 'Main', 'TEXTAREA', '', 'Line one\nline "two"'],
        ['Plan', 'TRUE', 'caller', ' main ', 'Select', 'Gold ; Silver;; Bronze', 'silver'],
        ['', '', '', '', '', '', ''],
        ['Visits', '0', 'Numbers', 'Other', 'number', '', '3.5'],
        ['Urgent', '', 'Numbers', 'Other', 'checkbox', '', 'Yes'],
      ]);
      const res = await upload(a.as.admin, simId, csv, 'screen.CSV');
      expect(res.statusCode, res.body).toBe(200);
      const f = (title: string, attr: string, type: string, options: string[], value: string, scorable: boolean) => ({
        field_title: title,
        attribute_name: attr,
        type,
        options,
        value,
        is_scorable: scorable,
        is_enabled: true,
      });
      const expected: TLayout = {
        type: 'case',
        excel_sheet_name: 'screen',
        tabs: [
          {
            tab_name: 'Main',
            sections: [
              {
                section_name: 'Caller',
                fields: [
                  f('Contact Name', 'contact_name', 'text', [], '', true),
                  f('Plan', 'plan', 'select', ['Gold', 'Silver', 'Bronze'], 'Silver', true),
                ],
              },
              {
                section_name: 'Call',
                fields: [f('Reason, in short', 'reason_in_short', 'textarea', [], 'Line one\nline "two"', false)],
              },
            ],
          },
          {
            tab_name: 'Other',
            sections: [
              {
                section_name: 'Numbers',
                fields: [
                  f('Visits', 'visits', 'number', [], '3.5', false),
                  f('Urgent', 'urgent', 'checkbox', [], 'true', false),
                ],
              },
            ],
          },
        ],
      };
      expect((res.json() as TUploadKeywordResponse).layout).toEqual(expected);
      expect((await storedLayouts(simId)).case).toEqual(expected);
    });

    it('reads typed cells of a workbook: dates as YYYY-MM-DD, numbers, booleans; the Layout sheet by name', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Instructions').addRow(['not the layout']);
      const sheet = workbook.addWorksheet('layout');
      sheet.addRow(HEADER);
      sheet.addRow(['T', 'S', 'Visit Date', 'visit_date', 'date', '', new Date(Date.UTC(2025, 4, 27)), true, false]);
      sheet.addRow(['T', 'S', 'Age', '', 'number', '', 42, 'No', 'Yes']);
      sheet.addRow(['T', 'S', { richText: [{ text: 'Rich ' }, { text: 'Title' }] }, '', '', '', '', '', '']);
      const res = await upload(a.as.admin, simId, Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(res.statusCode, res.body).toBe(200);
      const fields = (res.json() as TUploadKeywordResponse).layout.tabs[0].sections[0].fields;
      expect(fields.map((x) => [x.attribute_name, x.type, x.value, x.is_scorable, x.is_enabled])).toEqual([
        ['visit_date', 'date', '2025-05-27', true, false],
        ['age', 'number', '42', false, true],
        ['rich_title', 'text', '', false, true],
      ]);
      expect(await sheetNameOf(simId)).toBe('layout');
    });

    it('replaces the layout of the same type and keeps the other type', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      expect((await upload(a.as.admin, simId, template)).statusCode).toBe(200);
      const account = await workbookOf([row()], HEADER, 'Accounts');
      expect((await upload(a.as.admin, simId, account, 'a.xlsx', { sim_id: simId, type: 'account' })).statusCode).toBe(
        200,
      );
      const replaced = await workbookOf([row({ 2: 'Only Field', 3: 'only_field' })], HEADER, 'Second');
      const res = await upload(a.as.admin, simId, replaced, 'b.xlsx', { type: 'case' });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await storedLayouts(simId);
      expect(Object.keys(stored).sort()).toEqual(['account', 'case']);
      expect(stored.case.excel_sheet_name).toBe('Second');
      expect(stored.case.tabs.flatMap((t) => t.sections.flatMap((s) => s.fields.map((x) => x.attribute_name)))).toEqual(
        ['only_field'],
      );
      expect(stored.account.excel_sheet_name).toBe('Accounts');
      expect(await sheetNameOf(simId)).toBe('Second');
    });

    it("refuses other files with 400 'Please select the file with xlsx format only'; nothing written", async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const csv = csvOf([HEADER, row()]);
      const cases: [Buffer, string][] = [
        [csv, 'layout.txt'],
        [template, 'layout.xls'],
        [template, 'layout.pdf'],
        [csv, 'layout.xlsx'], // text renamed .xlsx
        [template, 'layout.csv'], // a workbook renamed .csv
        [Buffer.from('PK\u0003\u0004 not a workbook'), 'broken.xlsx'],
      ];
      for (const [data, filename] of cases.slice(0, 5))
        expectFailure(
          await upload(a.as.admin, simId, data, filename),
          400,
          'INVALID',
          'Please select the file with xlsx format only',
        );
      expectFailure(await upload(a.as.admin, simId, cases[5][0], cases[5][1]), 400, 'INVALID', M.unreadable);
      expect(await storedLayouts(simId)).toEqual({});
      expect(await sheetNameOf(simId)).toBeNull();
    });

    it('refuses a bad row with 400 naming the row and the reason; the stored layout stays as it was', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      expect((await upload(a.as.admin, simId, template)).statusCode).toBe(200);
      const before = await storedLayouts(simId);
      const manyOptions = Array.from({ length: L.maxOptions + 1 }, (_, i) => `o${i}`).join(';');
      const bad: [Row[], string][] = [
        [[row(), row({ 0: '  ', 3: 'b' })], M.row(3, M.required('Tab'))],
        [[row({ 1: '' })], M.row(2, M.required('Section'))],
        [[row({ 2: '', 3: '' })], M.row(2, M.required('Field Title'))],
        [[row({ 2: 'x'.repeat(L.fieldTitleMax + 1) })], M.row(2, M.tooLong('Field Title', L.fieldTitleMax))],
        [[row({ 0: 't'.repeat(L.tabNameMax + 1) })], M.row(2, M.tooLong('Tab', L.tabNameMax))],
        [[row({ 4: 'dropdown' })], M.row(2, M.unknownType('dropdown'))],
        [[row({ 4: 'picklist' })], M.row(2, M.optionsRequired('picklist'))],
        [[row({ 5: 'a;b' })], M.row(2, M.optionsNotAllowed('text'))],
        [[row({ 4: 'select', 5: 'A;B', 6: 'C' })], M.row(2, M.valueNotAnOption('C'))],
        [[row({ 4: 'select', 5: 'A;B;a' })], M.row(2, M.optionDuplicate('a'))],
        [[row({ 4: 'select', 5: manyOptions })], M.row(2, M.tooManyOptions)],
        [[row({ 4: 'number', 6: '12 apples' })], M.row(2, M.valueNotNumber('12 apples'))],
        [[row({ 4: 'date', 6: '03/04/1980' })], M.row(2, M.valueNotDate('03/04/1980'))],
        [[row({ 4: 'date', 6: '2025-02-30' })], M.row(2, M.valueNotDate('2025-02-30'))],
        [[row({ 4: 'checkbox', 6: 'maybe' })], M.row(2, M.valueNotCheckbox('maybe'))],
        [[row({ 7: 'Sometimes' })], M.row(2, M.yesNo('Scorable', 'Sometimes'))],
        [[row({ 8: 'off' })], M.row(2, M.yesNo('Enabled', 'off'))],
        [[row({ 3: '1st-name' })], M.row(2, M.attributeInvalid('1st-name'))],
        [[row(), row({ 2: 'Subject again', 3: 'Subject' })], M.row(3, M.attributeDuplicate('Subject', 'on row 2'))],
        [[row({ 3: '' }), row({ 1: 'Other', 3: '' })], M.row(3, M.attributeDuplicate('subject', 'on row 2'))],
        [[row({ 6: 'v'.repeat(L.valueMax + 1) })], M.row(2, M.tooLong('Default Value', L.valueMax))],
        [
          Array.from({ length: L.maxTabs + 1 }, (_, i) => row({ 0: `Tab ${i}`, 3: `f${i}` })),
          M.row(L.maxTabs + 2, M.tooManyTabs),
        ],
        [
          Array.from({ length: L.maxSectionsPerTab + 1 }, (_, i) => row({ 1: `Section ${i}`, 3: `f${i}` })),
          M.row(L.maxSectionsPerTab + 2, M.tooManySections('Case')),
        ],
        [
          Array.from({ length: L.maxFields + 1 }, (_, i) => row({ 3: `f${i}` })),
          M.row(L.maxFields + 2, M.tooManyFields),
        ],
        [[], M.noRows],
      ];
      for (const [rows, message] of bad)
        expectFailure(await upload(a.as.admin, simId, await workbookOf(rows)), 400, 'INVALID', message);
      expectFailure(
        await upload(a.as.admin, simId, csvOf([HEADER.filter((h) => h !== 'Tab'), row().slice(1)]), 'l.csv'),
        400,
        'INVALID',
        M.missingColumn('Tab'),
      );
      expectFailure(await upload(a.as.admin, simId, Buffer.from('\r\n\r\n'), 'empty.csv'), 400, 'INVALID', M.noRows);
      expect(await storedLayouts(simId)).toEqual(before);
      expect(await sheetNameOf(simId)).toBe('Layout');
    });

    it('refuses a missing file, a bad type, a mismatched sim_id and a bad id with 400; over 2 MB with 413', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const other = await buildSim(ctx, a.users.admin);
      expectFailure(
        await a.as.admin.form(`/api/v1/sims/upload-keyword/${simId}`, { sim_id: simId }),
        400,
        'INVALID',
        M.fileMissing,
      );
      expectFailure(
        await a.as.admin.post(`/api/v1/sims/upload-keyword/${simId}`, { sim_id: simId }),
        400,
        'INVALID',
        M.fileMissing,
      );
      expectFailure(
        await upload(a.as.admin, simId, template, 'l.xlsx', { sim_id: simId, type: 'contact' }),
        400,
        'INVALID',
        M.layoutType,
      );
      expectFailure(
        await upload(a.as.admin, simId, template, 'l.xlsx', { sim_id: other, type: 'case' }),
        400,
        'INVALID',
        M.simMismatch,
      );
      expectFailure(await upload(a.as.admin, 'nope', template), 400, 'INVALID');
      const big = Buffer.concat([Buffer.from(`${HEADER.join(',')}\n`), Buffer.alloc(L.maxUploadBytes + 1, 32)]);
      expectFailure(await upload(a.as.admin, simId, big, 'big.csv'), 413, 'TOO_LARGE', M.fileTooLarge);
      expect(await storedLayouts(simId)).toEqual({});
      expect(await storedLayouts(other)).toEqual({});
    });

    it("needs sim_list update, the caller's company, an active sim and a sign-in", async () => {
      const simId = await buildSim(ctx, a.users.admin);
      expectFailure(await upload(a.as.agent, simId, template), 403, 'FORBIDDEN');
      expectFailure(await upload(a.as.supervisor, simId, template), 403, 'FORBIDDEN');
      expectFailure(await upload(b.as.admin, simId, template), 404, 'NOT_FOUND');
      expectFailure(await upload(a.as.admin, MISSING_ID, template), 404, 'NOT_FOUND');
      expectFailure(await upload(a.as.nobody, simId, template), 401, 'UNAUTHORIZED');
      const trashed = await trashedSim();
      expectFailure(await upload(a.as.admin, trashed, template), 404, 'NOT_FOUND');
      expect(await storedLayouts(simId)).toEqual({});
      expect(await storedLayouts(trashed)).toEqual({});
    });
  });

  describe('GET /api/v1/layoutData/fetch and /api/v1/sims/get-keywords', () => {
    it("answer '' and no layouts for a sim without any", async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const fetched = await a.as.supervisor.get(`/api/v1/layoutData/fetch?sim_id=${simId}`);
      expect(fetched.statusCode, fetched.body).toBe(200);
      expect(fetched.json()).toEqual({ success: true, layoutString: '', layouts: [] });
      const keywords = await a.as.supervisor.get(`/api/v1/sims/get-keywords?sim_id=${simId}`);
      expect(keywords.json()).toEqual({ success: true, layoutString: '', layouts: [], sheet_name: '' });
    });

    it('answer the stored layouts, case first, with layoutString their JSON and the last sheet name', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const account = await workbookOf([row()], HEADER, 'Accounts');
      await upload(a.as.admin, simId, account, 'a.xlsx', { sim_id: simId, type: 'account' });
      await upload(a.as.admin, simId, template, 'Layout_Template.xlsx');
      const stored = await storedLayouts(simId);
      const fetched = (
        await a.as.supervisor.get(`/api/v1/layoutData/fetch?sim_id=${simId}`)
      ).json() as TLayoutFetchResponse;
      expect(fetched.layouts).toEqual([stored.case, stored.account]);
      expect(JSON.parse(fetched.layoutString)).toEqual(fetched.layouts);
      const keywords = (
        await a.as.manager.get(`/api/v1/sims/get-keywords?sim_id=${simId}`)
      ).json() as TGetKeywordsResponse;
      expect(keywords).toEqual({ ...fetched, sheet_name: 'Layout' });
    });

    it('are copied by Duplicate Sim, with the sheet name', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await upload(a.as.admin, simId, template, 'Layout_Template.xlsx');
      const res = await a.as.admin.post('/api/v1/sims/duplicate-sim', { simId });
      expect(res.statusCode, res.body).toBe(200);
      const copyId = (res.json() as { sim_id: string }).sim_id;
      expect(copyId).not.toBe(simId);
      expect(await storedLayouts(copyId)).toEqual(await storedLayouts(simId));
      expect(Object.keys(await storedLayouts(copyId))).toEqual(['case']);
      expect(await sheetNameOf(copyId)).toBe('Layout');
    });

    it('read a sim in the trash; 404 for another company or a missing sim; 400 bad id; 403 agent; 401', async () => {
      const trashed = await trashedSim();
      expect((await a.as.admin.get(`/api/v1/layoutData/fetch?sim_id=${trashed}`)).statusCode).toBe(200);
      const simId = await buildSim(ctx, a.users.admin);
      for (const route of ['/api/v1/layoutData/fetch', '/api/v1/sims/get-keywords']) {
        expectFailure(await b.as.admin.get(`${route}?sim_id=${simId}`), 404, 'NOT_FOUND');
        expectFailure(await a.as.admin.get(`${route}?sim_id=${MISSING_ID}`), 404, 'NOT_FOUND');
        expectFailure(await a.as.admin.get(`${route}?sim_id=nope`), 400, 'INVALID');
        expectFailure(await a.as.admin.get(route), 400, 'INVALID');
        expectFailure(await a.as.agent.get(`${route}?sim_id=${simId}`), 403, 'FORBIDDEN');
        expectFailure(await a.as.nobody.get(`${route}?sim_id=${simId}`), 401, 'UNAUTHORIZED');
      }
    });
  });

  describe('POST /api/v1/layoutData/save', () => {
    const edited = (): TLayout => {
      const layout = exampleLayout('case', 'Layout');
      const info = layout.tabs[0].sections[0];
      info.fields[1].value = 'Escalated';
      info.fields.push({
        field_title: 'Callback Number',
        attribute_name: 'callback_number',
        type: 'text',
        options: [],
        value: '',
        is_scorable: true,
        is_enabled: true,
      });
      return layout;
    };

    it('replaces the sent layouts (ids removed by the client; extra keys dropped) and keeps the others', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const account = await workbookOf([row()], HEADER, 'Accounts');
      await upload(a.as.admin, simId, account, 'a.xlsx', { sim_id: simId, type: 'account' });
      const before = await storedLayouts(simId);
      const sent = { ...edited(), _id: 'client-side-id' };
      const res = await a.as.manager.post('/api/v1/layoutData/save', { sim_id: simId, layouts: [sent] });
      expect(res.statusCode, res.body).toBe(200);
      const stored = await storedLayouts(simId);
      expect(stored.case).toEqual(edited());
      expect(stored.account).toEqual(before.account);
      expect(res.json()).toEqual({ success: true, layouts: [edited(), before.account] });
      expect(await sheetNameOf(simId)).toBe('Accounts');
    });

    it('refuses layouts that break the rules with 400 naming the place; nothing written', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      await a.as.admin.post('/api/v1/layoutData/save', { sim_id: simId, layouts: [edited()] });
      const before = await storedLayouts(simId);
      const change = (f: (l: TLayout) => void) => {
        const l = edited();
        f(l);
        return l;
      };
      const at = (field: string, reason: string) => M.at('case', 'Case Details', 'Case Information', field, reason);
      const bad: [unknown[], string][] = [
        [
          [
            change((l) => {
              l.tabs[0].sections[0].fields[1].type = 'dropdown';
            }),
          ],
          at('Status', M.unknownType('dropdown')),
        ],
        [
          [
            change((l) => {
              l.tabs[0].sections[0].fields[1].value = 'Lost';
            }),
          ],
          at('Status', M.valueNotAnOption('Lost')),
        ],
        [
          [
            change((l) => {
              l.tabs[0].sections[0].fields[7].attribute_name = 'status';
            }),
          ],
          at('Callback Number', M.attributeDuplicate('status', "by the field 'Status'")),
        ],
        [
          [
            change((l) => {
              l.tabs[0].sections[0].fields[7].attribute_name = 'call back';
            }),
          ],
          at('Callback Number', M.attributeInvalid('call back')),
        ],
        [
          [
            change((l) => {
              l.tabs[1].tab_name = 'case details';
            }),
          ],
          M.inLayout('case', M.tabDuplicate('case details')),
        ],
        [
          [
            change((l) => {
              l.tabs[0].sections[1].section_name = 'CASE INFORMATION';
            }),
          ],
          M.inTab('case', 'Case Details', M.sectionDuplicate('CASE INFORMATION')),
        ],
        [[edited(), edited()], M.duplicateLayoutType],
      ];
      for (const [layouts, message] of bad)
        expectFailure(
          await a.as.admin.post('/api/v1/layoutData/save', { sim_id: simId, layouts }),
          400,
          'INVALID',
          message,
        );
      // the schema: a missing field, an unknown layout type, a blank tab name, too many layouts
      const { is_enabled: _e, ...noFlag } = edited().tabs[0].sections[0].fields[0];
      const schemaBad: unknown[] = [
        {
          sim_id: simId,
          layouts: [
            change((l) => {
              l.tabs[0].sections[0].fields[0] = noFlag as never;
            }),
          ],
        },
        { sim_id: simId, layouts: [{ ...edited(), type: 'contact' }] },
        {
          sim_id: simId,
          layouts: [
            change((l) => {
              l.tabs[0].tab_name = '  ';
            }),
          ],
        },
        { sim_id: simId, layouts: [edited(), { ...edited(), type: 'account' }, edited()] },
        { sim_id: 'nope', layouts: [] },
        { layouts: [edited()] },
      ];
      for (const body of schemaBad)
        expectFailure(await a.as.admin.post('/api/v1/layoutData/save', body), 400, 'INVALID');
      expect(await storedLayouts(simId)).toEqual(before);
    });

    it("needs sim_list update, the caller's company, an active sim and a sign-in", async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const body = { sim_id: simId, layouts: [edited()] };
      expectFailure(await a.as.agent.post('/api/v1/layoutData/save', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.supervisor.post('/api/v1/layoutData/save', body), 403, 'FORBIDDEN');
      expectFailure(await b.as.admin.post('/api/v1/layoutData/save', body), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post('/api/v1/layoutData/save', { ...body, sim_id: MISSING_ID }),
        404,
        'NOT_FOUND',
      );
      expectFailure(await a.as.nobody.post('/api/v1/layoutData/save', body), 401, 'UNAUTHORIZED');
      const trashed = await trashedSim();
      expectFailure(await a.as.admin.post('/api/v1/layoutData/save', { ...body, sim_id: trashed }), 404, 'NOT_FOUND');
      expect(await storedLayouts(simId)).toEqual({});
      expect(await storedLayouts(trashed)).toEqual({});
    });
  });
});
