import {
  defaultGrantsFor,
  EXCEL_LEVELS,
  CLASS_NOTE_MESSAGES as M,
  type PermissionKey,
  permissionKey,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { classNotes } from '../src/db/schema/index';
import type { Actor } from '../src/lib/actor';
import { assertCanClassNote } from '../src/policies/class-note';
import {
  buildSim,
  type Caller,
  expectFailure,
  MISSING_ID,
  staffedCompany,
  testApp,
  unique,
  userWithGrants,
} from './factories';
import { readWithLibreOffice } from './libreoffice';

const NOTES = '/api/v1/sims/notes';
const DOWNLOAD = '/api/v1/users/excel/download-notes';

describe('class notes (the notepad)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let simId: string;
  let simTitle: string;
  beforeAll(async () => {
    simTitle = unique('Cardiology intake');
    simId = await buildSim(ctx, a.users.admin, { title: simTitle });
  });

  const save = async (as: Caller, body: Record<string, unknown>) => {
    const res = await as.post(NOTES, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().note as { _id: string; notes: string; sim_id: string | null; sim_name: string | null };
  };
  const list = async (as: Caller) => {
    const res = await as.get(NOTES);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().notes as { _id: string; notes: string; user: string }[];
  };

  it('writes, lists (newest first), edits and deletes the caller’s own notes', async () => {
    const first = await save(a.as.agent, { notes: '  Greet with the company name  ', sim_id: simId });
    expect(first).toMatchObject({ notes: 'Greet with the company name', sim_id: simId, sim_name: simTitle });
    const second = await save(a.as.agent, { notes: 'Confirm the date of birth' });
    expect(second).toMatchObject({ sim_id: null, sim_name: null });
    const res = await a.as.agent.get(NOTES);
    expect(res.json()).toEqual({
      success: true,
      notes: [
        {
          _id: second._id,
          notes: 'Confirm the date of birth',
          sim_id: null,
          sim_name: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          user: a.users.agent.id,
        },
        expect.objectContaining({ _id: first._id, sim_name: simTitle, user: a.users.agent.id }),
      ],
    });

    // an edit keeps the sim unless told; null clears it
    const edited = await save(a.as.agent, { _id: first._id, notes: 'Greet, then ask for the referral' });
    expect(edited).toMatchObject({ _id: first._id, notes: 'Greet, then ask for the referral', sim_id: simId });
    expect((await list(a.as.agent))[0]._id).toBe(first._id); // the last written first
    const cleared = await save(a.as.agent, { _id: first._id, notes: 'No sim', sim_id: null });
    expect(cleared.sim_id).toBeNull();

    const del = await a.as.agent.delete(`${NOTES}/${second._id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: M.deleted });
    const [stored] = await ctx.db.select().from(classNotes).where(eq(classNotes.id, first._id));
    expect(stored).toMatchObject({ userId: a.users.agent.id, companyId: a.company.companyId, notes: 'No sim' });
    expect(await ctx.db.select().from(classNotes).where(eq(classNotes.id, second._id))).toEqual([]);
  });

  it("keeps one user's notes from another of the same company: 404 on their ids, never in the list", async () => {
    const mine = await save(a.as.agent, { notes: unique('private') });
    expect((await list(a.as.agent2)).map((n) => n._id)).not.toContain(mine._id);
    expect((await list(a.as.admin)).map((n) => n._id)).not.toContain(mine._id);
    expectFailure(await a.as.agent2.post(NOTES, { _id: mine._id, notes: 'hijacked' }), 404, 'NOT_FOUND');
    expectFailure(await a.as.admin.post(NOTES, { _id: mine._id, notes: 'hijacked' }), 404, 'NOT_FOUND');
    expectFailure(await a.as.agent2.delete(`${NOTES}/${mine._id}`), 404, 'NOT_FOUND');
    expectFailure(await b.as.admin.delete(`${NOTES}/${mine._id}`), 404, 'NOT_FOUND');
    expectFailure(await a.as.agent.delete(`${NOTES}/${MISSING_ID}`), 404, 'NOT_FOUND');
    const [stored] = await ctx.db.select().from(classNotes).where(eq(classNotes.id, mine._id));
    expect(stored.notes).toBe(mine.notes);
  });

  it("refuses another company's sim (404) and bad input (400 envelope)", async () => {
    const theirSim = await buildSim(ctx, b.users.admin);
    expectFailure(await a.as.agent.post(NOTES, { notes: 'x', sim_id: theirSim }), 404, 'NOT_FOUND');
    const trashed = await buildSim(ctx, a.users.admin, { deletedAt: new Date() });
    expectFailure(await a.as.agent.post(NOTES, { notes: 'x', sim_id: trashed }), 404, 'NOT_FOUND');
    for (const body of [
      {},
      { notes: '   ' },
      { notes: 42 },
      { notes: 'a\u0000b' },
      { notes: 'x'.repeat(5001) },
      { notes: 'x', _id: 'not-an-id' },
      { notes: 'x', sim_id: ['x'] },
    ])
      expectFailure(await a.as.agent.post(NOTES, body), 400, 'INVALID');
    expectFailure(await a.as.agent.post(NOTES, { notes: ' ' }), 400, 'INVALID', M.required);
    expectFailure(await a.as.agent.delete(`${NOTES}/nope`), 400, 'INVALID');
    expectFailure(await a.as.nobody.get(NOTES), 401, 'UNAUTHORIZED');
  });

  it('needs my_notepad create to write and update to edit', async () => {
    const createOnly = await userWithGrants(ctx, a.company, [
      { task: 'my_notepad', type: 'view' },
      { task: 'my_notepad', type: 'create' },
    ]);
    const note = await save(createOnly.as, { notes: 'mine' });
    expectFailure(await createOnly.as.post(NOTES, { _id: note._id, notes: 'edit' }), 403, 'FORBIDDEN');
    expectFailure(await createOnly.as.delete(`${NOTES}/${note._id}`), 403, 'FORBIDDEN');
    const updateOnly = await userWithGrants(ctx, a.company, [{ task: 'my_notepad', type: 'update' }]);
    expectFailure(await updateOnly.as.post(NOTES, { notes: 'new' }), 403, 'FORBIDDEN');
    expectFailure(await updateOnly.as.get(NOTES), 403, 'FORBIDDEN');
  });

  it('downloads the caller’s notes as User_Notes.xlsx, not for learners', async () => {
    const admin = await userWithGrants(ctx, a.company, defaultGrantsFor('admin'));
    await save(admin.as, { notes: 'Second thought', sim_id: simId });
    await save(admin.as, { notes: 'Newest thought' });
    const res = await admin.as.get(DOWNLOAD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(EXCEL_LEVELS.mimeType);
    expect(res.headers['content-disposition']).toBe('attachment; filename="User_Notes.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => r.slice(1, 3))).toEqual([
      ['NOTES', 'SIM'],
      ['Newest thought', ''],
      ['Second thought', simTitle],
    ]);
    expect(rows[1][3]).toBeInstanceOf(Date);
    // a second program reads the same workbook
    const seen = await readWithLibreOffice(res.rawPayload);
    expect(seen.map((r) => r.slice(0, 2))).toEqual([
      ['NOTES', 'SIM'],
      ['Newest thought', ''],
      ['Second thought', simTitle],
    ]);
    expectFailure(await a.as.agent.get(DOWNLOAD), 403, 'FORBIDDEN');
  });

  it('policies/class-note (pure): permission 403, company 404, owner 404, learners no download', () => {
    const actor = (grants: readonly { task: string; type: string }[]): Actor => ({
      userId: 'me',
      companyId: 'co',
      isPlatformAdmin: false,
      permissions: new Set(grants.map((g) => permissionKey(g.task as never, g.type as never))) as Set<PermissionKey>,
    });
    const status = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (err) {
        return (err as { status: number }).status;
      }
    };
    const agent = actor(defaultGrantsFor('agent'));
    const admin = actor(defaultGrantsFor('admin'));
    expect(status(() => assertCanClassNote(agent, 'update', { companyId: 'co', userId: 'me' }))).toBe(200);
    expect(status(() => assertCanClassNote(agent, 'update', { companyId: 'co', userId: 'you' }))).toBe(404);
    expect(status(() => assertCanClassNote(agent, 'delete', { companyId: 'other', userId: 'me' }))).toBe(404);
    expect(status(() => assertCanClassNote(agent, 'delete', null))).toBe(404);
    expect(status(() => assertCanClassNote(actor([]), 'view'))).toBe(403);
    expect(status(() => assertCanClassNote(agent, 'download'))).toBe(403);
    expect(status(() => assertCanClassNote(admin, 'download'))).toBe(200);
  });
});
