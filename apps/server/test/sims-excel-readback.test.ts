import { EXCEL_LEVELS, EXCEL_SIM_LIST, SIM_LIST_TEXTS, type TSimListResponse } from '@sim/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sims } from '../src/db/schema/index';
import {
  addScript,
  buildSim,
  characterOf,
  expectFailure,
  fullSim,
  simWithScripts,
  staffedCompany,
  testApp,
} from './factories';
import { readWithLibreOffice } from './libreoffice';

const XLSX = EXCEL_LEVELS.mimeType;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD YYYY h:mm A' in UTC, as the export's date cells are shown. */
function shown(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours() % 12 || 12;
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${dd} ${d.getUTCFullYear()} ${h}:${mm} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

/**
 * The Excel exports read back by LibreOffice (a second program) show the same data as the database and
 * the list's own answers (issue 5, "Done means").
 */
describe('Excel exports read back by LibreOffice', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  it('a level exported to Excel holds its scripts in order', async () => {
    const { simId, levelId, sim } = await simWithScripts(ctx, a.users.admin);
    await addScript(a.as.admin, simId, levelId, characterOf(sim, 'agent'), 'Is there "anything" else, Mrs. Núñez?', {
      keywords: ['anything & else', 'Monday | Tuesday'],
      hint_text: 'Ask, then close',
    });
    const res = await a.as.manager.get(`/api/v1/sims/excel/levels?level_id=${levelId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const rows = await readWithLibreOffice(res.rawPayload);
    const level = (await fullSim(a.as.admin, simId)).levels.find((l) => l._id === levelId);
    if (!level) throw new Error('level not found');
    const yesNo = (v: boolean) => (v ? EXCEL_LEVELS.yes : EXCEL_LEVELS.no);
    expect(rows).toEqual([
      [...EXCEL_LEVELS.columns],
      ...level.scripts.map((s) => [
        level.name,
        s.character?.type ?? '',
        s.script,
        s.keywords.join(', '),
        s.hint_text,
        yesNo(s.hide_text),
        yesNo(s.real_time_feedback),
        yesNo(s.natural_lenguage),
        String(s.overalConfidence),
        '',
        '',
      ]),
    ]);
    expect(rows.at(-1)?.slice(0, 5)).toEqual([
      level.name,
      'agent',
      'Is there "anything" else, Mrs. Núñez?',
      'anything & else, Monday | Tuesday',
      'Ask, then close',
    ]);
  }, 120_000);

  it('the sim list export holds the rows of the list, every page, in its sort, with dates as shown', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await buildSim(ctx, a.users.admin, {
          title: `Readback ${String(i).padStart(2, '0')}, "quoted"`,
          description: 'For the export',
          adminNote: i % 2 ? `Note ${i}: ${'long '.repeat(40)}`.trim() : '', // as Basic Information stores it
          draft: i % 3 === 0,
        }),
      );
    }
    // whole minutes, so the shown time cannot depend on rounding seconds
    await ctx.db
      .update(sims)
      .set({ createdAt: new Date('2026-03-04T15:07:00Z'), updatedAt: new Date('2026-11-21T09:05:00Z') })
      .where(inArray(sims.id, ids));
    await ctx.db
      .update(sims)
      .set({ updatedAt: new Date('2026-11-21T23:59:00Z') })
      .where(eq(sims.id, ids[5]));

    const query = 'title=Readback&sortBy=title&order=asc';
    const res = await a.as.supervisor.get(`/api/v1/sims/excel/list?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toBe('attachment; filename="Sims.xlsx"');
    const rows = await readWithLibreOffice(res.rawPayload);

    const listed = (await a.as.supervisor.get(`/api/v1/sims/listing?${query}&limit=100`)).json() as TSimListResponse;
    expect(listed.total).toBe(12);
    expect(rows).toEqual([
      [...EXCEL_SIM_LIST.columns],
      ...listed.sims.map((s) => [
        s.title,
        SIM_LIST_TEXTS.typeLabels[s.sim_type],
        s.product_name,
        String(s.totalLevels),
        String(s.totalSteps),
        shown(s.created_at),
        shown(s.updated_at),
        s.admin_note,
        s.draft ? 'Yes' : 'No',
        s.built_by,
      ]),
    ]);
    expect(rows[6]?.[6]).toBe('Nov 21 2026 11:59 PM');
    expect(rows[1]?.[5]).toBe('Mar 04 2026 3:07 PM');
  }, 120_000);

  it('the trash view exports the trash; another company sees none of it; agents are refused', async () => {
    await buildSim(ctx, a.users.admin, { title: 'Trash readback kept', description: 'd' });
    const gone = await buildSim(ctx, a.users.admin, { title: 'Trash readback gone', description: 'd' });
    expect((await a.as.admin.post('/api/v1/sims/delete', { sim_id: gone })).statusCode).toBe(200);

    const trash = await a.as.admin.get('/api/v1/sims/excel/list?view=trash&title=Trash readback');
    expect(trash.statusCode, trash.body).toBe(200);
    expect(String(trash.headers['content-disposition'])).toContain('Deleted_Sims.xlsx');
    const trashRows = await readWithLibreOffice(trash.rawPayload);
    expect(trashRows.slice(1).map((r) => r[0])).toEqual(['Trash readback gone']);

    const active = await readWithLibreOffice(
      (await a.as.admin.get('/api/v1/sims/excel/list?title=Trash readback')).rawPayload,
    );
    expect(active.slice(1).map((r) => r[0])).toEqual(['Trash readback kept']);

    const other = await b.as.admin.get('/api/v1/sims/excel/list?title=readback');
    expect(other.statusCode).toBe(200);
    expect(await readWithLibreOffice(other.rawPayload)).toEqual([[...EXCEL_SIM_LIST.columns]]);

    expectFailure(await a.as.agent.get('/api/v1/sims/excel/list'), 403, 'FORBIDDEN');
    expectFailure(await a.as.nobody.get('/api/v1/sims/excel/list'), 401, 'UNAUTHORIZED');
    expectFailure(await a.as.admin.get('/api/v1/sims/excel/list?view=bin'), 400, 'INVALID');
  }, 120_000);
});
