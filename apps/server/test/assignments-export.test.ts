import { ASSIGNMENT_EXPORT, EXCEL_LEVELS, type TAssignment } from '@sim/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssignment,
  buildGroup,
  buildScriptedSim,
  expectFailure,
  staffedCompany,
  testApp,
  unique,
  userWithGrants,
} from './factories';
import { readWithLibreOffice } from './libreoffice';

const EXPORT = '/api/v1/sims/excel/assignments';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD YYYY' in UTC, as the export's date cells are shown; '' for no date. */
function shown(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')} ${d.getUTCFullYear()}`;
}

/** The first sheet's rows as ExcelJS reads them (cells as values), without the leading empty cell. */
async function sheetRows(data: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
}

describe('assignments Excel export (GET /api/v1/sims/excel/assignments)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  const title = unique('Export "quoted", sim');
  beforeAll(async () => {
    const sim = await buildScriptedSim(ctx, a.users.admin, { title });
    const group = await buildGroup(ctx, a.company, { name: unique('Export cohort'), members: [a.users.agent2.id] });
    const at = (day: number) => new Date(Date.UTC(2026, 2, day, 15, 7));
    const base = { companyId: a.company.companyId, simId: sim.simId, assignedById: a.users.admin.id };
    await buildAssignment(ctx, {
      ...base,
      userId: a.users.agent.id,
      createdAt: at(1),
      notes: 'Greet, verify, book. Ünïcode & "quotes"',
    });
    await buildAssignment(ctx, { ...base, userId: a.users.agent.id, status: 'IN PROGRESS', createdAt: at(2) });
    await buildAssignment(ctx, {
      ...base,
      userId: a.users.agent2.id,
      status: 'PENDING REVIEW',
      groupId: group.id,
      createdAt: at(3),
    });
    await buildAssignment(ctx, {
      ...base,
      userId: a.users.agent2.id,
      status: 'NO PASS',
      reviewComments: 'Ask for the referral first',
      createdAt: at(4),
    });
    const theirs = await buildScriptedSim(ctx, b.users.admin, { title });
    await buildAssignment(ctx, { companyId: b.company.companyId, simId: theirs.simId, userId: b.users.agent.id });
  });

  it('holds every row of the tab, newest first, every column in full, read back by LibreOffice', async () => {
    const res = await a.as.supervisor.get(`${EXPORT}?tab=All_ASSIGNMENT`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(EXCEL_LEVELS.mimeType);
    expect(res.headers['content-disposition']).toBe('attachment; filename="All_Assignment.xlsx"');
    const rows = await readWithLibreOffice(res.rawPayload);
    const listed = (
      await a.as.supervisor.get('/api/v1/sims/assignment/list?tab=All_ASSIGNMENT&limit=100&orderBy=assigned_on')
    ).json() as { assignments: TAssignment[]; total: number };
    expect(listed.total).toBe(4);
    expect(rows).toEqual([
      [...ASSIGNMENT_EXPORT.columns],
      ...listed.assignments.map((r) => [
        r.assigned_to,
        r.groups.join(', '),
        r.tool_type,
        r.assignment,
        shown(r.assigned_on),
        r.assigned_by,
        r.notes,
        r.review_comments,
        shown(r.start_date),
        shown(r.send_for_review_date),
        shown(r.date_of_review),
        r.status,
        shown(r.completed_on),
      ]),
    ]);
    expect(rows[4][4]).toBe('Mar 01 2026');
    expect(rows[4][6]).toBe('Greet, verify, book. Ünïcode & "quotes"');
    expect(rows[1][3]).toBe(title);
  }, 120_000);

  it('names the file after the tab and keeps the tab scope, the search and the status filter', async () => {
    const cases: [string, string, number][] = [
      ['tab=MY_ASSIGNMENT', 'My_Assignment.xlsx', 0],
      ['tab=COMPLETED', 'Completed_Assignments.xlsx', 2],
      ['tab=PENDING_REVIEW', 'Ready_For_Review.xlsx', 1],
      ['tab=All_ASSIGNMENT&textSearch=Bruno', 'All_Assignment.xlsx', 2],
      ['tab=All_ASSIGNMENT&status=NO%20PASS', 'All_Assignment.xlsx', 1],
      ['tab=COMPLETED&status=NOT%20STARTED', 'Completed_Assignments.xlsx', 0],
      ['tab=All_ASSIGNMENT&my_assignment=true', 'All_Assignment.xlsx', 0],
    ];
    for (const [q, name, count] of cases) {
      const res = await a.as.admin.get(`${EXPORT}?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      const rows = await sheetRows(res.rawPayload);
      expect(rows[0], q).toEqual([...ASSIGNMENT_EXPORT.columns]);
      expect(rows.length - 1, q).toBe(count);
    }
    const review = await sheetRows((await a.as.admin.get(`${EXPORT}?tab=PENDING_REVIEW`)).rawPayload);
    expect(review[1][11]).toBe('PENDING REVIEW');
    expect(review[1][4]).toBeInstanceOf(Date);
    // company B's export holds only its own row
    const other = await sheetRows((await b.as.admin.get(`${EXPORT}?tab=All_ASSIGNMENT`)).rawPayload);
    expect(other.slice(1).map((r) => r[0])).toEqual([`Alex ${b.users.agent.lastName}`]);
  });

  it('refuses learners (403), callers without an assignments view (403), bad input (400) and signed-out callers (401)', async () => {
    expectFailure(await a.as.agent.get(EXPORT), 403, 'FORBIDDEN');
    expectFailure(await a.as.agent.get(`${EXPORT}?tab=MY_ASSIGNMENT`), 403, 'FORBIDDEN');
    const none = await userWithGrants(ctx, a.company, [{ task: 'employee_list', type: 'view' }]);
    expectFailure(await none.as.get(EXPORT), 403, 'FORBIDDEN');
    // a reviewer without review view cannot export the review tab
    const viewer = await userWithGrants(ctx, a.company, [
      { task: 'assignment', type: 'view' },
      { task: 'employee_list', type: 'view' },
    ]);
    expectFailure(await viewer.as.get(`${EXPORT}?tab=PENDING_REVIEW`), 403, 'FORBIDDEN');
    expect((await viewer.as.get(`${EXPORT}?tab=All_ASSIGNMENT`)).statusCode).toBe(200);
    for (const q of ['tab=ALL', 'status=DONE', 'my_assignment=perhaps', 'textSearch=a%00b'])
      expectFailure(await a.as.admin.get(`${EXPORT}?${q}`), 400, 'INVALID');
    expectFailure(await a.as.nobody.get(EXPORT), 401, 'UNAUTHORIZED');
  });
});
