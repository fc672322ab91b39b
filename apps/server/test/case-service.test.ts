import {
  layoutFieldProblem,
  DATA_INPUT_MESSAGES as M,
  MESSAGES,
  type TCaseDetailsResponse,
  type TCaseIdsResponse,
  type TGetKeywordsResponse,
  type TUploadKeywordResponse,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cases, simLayouts, tools, users } from '../src/db/schema/index';
import { DEMO_CASES, demoCaseDetails, seedDemoCaseLayout, seedDemoCases } from '../src/seed/demo-cases';
import {
  bearer,
  buildSim,
  buildStaffedCompany,
  type Caller,
  expectFailure,
  staffedCompany,
  testApp,
} from './factories';

const IDS = '/case-service/api/v1/case/ids';
const DETAILS = '/case-service/api/v1/case-details';

describe('case service', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  beforeAll(async () => {
    await seedDemoCases(ctx.db, a.company.companyId);
  });

  const casesOf = (companyId: string) => ctx.db.select().from(cases).where(eq(cases.companyId, companyId));
  const details = (as: Caller, caseNumber: string | number) =>
    as.get(`${DETAILS}?caseNumber=${encodeURIComponent(String(caseNumber))}`);

  describe('demo cases (seedDemoCases)', () => {
    it('adds a dozen cases once: a second run adds none and changes none', async () => {
      const rows = await casesOf(a.company.companyId);
      expect(rows).toHaveLength(12);
      await ctx.db
        .update(cases)
        .set({ details: { status: 'Closed' } })
        .where(eq(cases.id, rows[0].id));
      expect(await seedDemoCases(ctx.db, a.company.companyId)).toBe(0);
      const again = await casesOf(a.company.companyId);
      expect(again).toHaveLength(12);
      expect(again.find((r) => r.id === rows[0].id)?.details).toEqual({ status: 'Closed' });
      await ctx.db
        .update(cases)
        .set({ details: demoCaseDetails(DEMO_CASES.find((c) => c.caseNumber === rows[0].caseNumber)!) })
        .where(eq(cases.id, rows[0].id));
    });

    it("fill the layout template's example fields: every value fits its field", async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const template = (await a.as.admin.get('/api/v1/sims/download-template?kind=layout')).rawPayload;
      const res = await a.as.admin.form(`/api/v1/sims/upload-keyword/${simId}`, { sim_id: simId, type: 'case' }, [
        { field: 'file', filename: 'Layout_Template.xlsx', contentType: 'application/octet-stream', data: template },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const fields = (res.json() as TUploadKeywordResponse).layout.tabs.flatMap((t) =>
        t.sections.flatMap((s) => s.fields),
      );
      for (const c of DEMO_CASES) {
        const d = demoCaseDetails(c);
        expect(Object.keys(d).sort(), String(c.caseNumber)).toEqual(fields.map((f) => f.attribute_name).sort());
        for (const f of fields)
          expect(layoutFieldProblem({ ...f, value: d[f.attribute_name] }), `${c.caseNumber} ${f.attribute_name}`).toBe(
            null,
          );
      }
    });
  });

  describe('seedDemoCaseLayout', () => {
    const productId = async (name: string) =>
      (await ctx.db.select({ id: tools.id }).from(tools).where(eq(tools.name, name)))[0].id;

    it("gives an Internal Data sim the template's example case layout once, never over an existing one", async () => {
      const simId = await buildSim(ctx, a.users.admin, { productId: await productId('Training SIM - Internal Data') });
      expect(await seedDemoCaseLayout(ctx.db, simId)).toBe(true);
      const fetched = (
        await a.as.admin.get(`/api/v1/sims/get-keywords?sim_id=${simId}`)
      ).json() as TGetKeywordsResponse;
      const template = (await a.as.admin.get('/api/v1/sims/download-template?kind=layout')).rawPayload;
      const other = await buildSim(ctx, a.users.admin);
      const uploaded = await a.as.admin.form(`/api/v1/sims/upload-keyword/${other}`, { type: 'case' }, [
        { field: 'file', filename: 'Layout_Template.xlsx', contentType: 'application/octet-stream', data: template },
      ]);
      expect(fetched.layouts).toEqual([(uploaded.json() as TUploadKeywordResponse).layout]);
      expect(fetched.sheet_name).toBe('Layout');

      const saved = { ...fetched.layouts[0], excel_sheet_name: 'Edited' };
      await a.as.admin.post('/api/v1/layoutData/save', { sim_id: simId, layouts: [saved] });
      expect(await seedDemoCaseLayout(ctx.db, simId)).toBe(false);
      const [row] = await ctx.db.select().from(simLayouts).where(eq(simLayouts.simId, simId));
      expect(row.excelSheetName).toBe('Edited');
    });

    it('leaves a sim of a Voice Only product without a layout', async () => {
      const simId = await buildSim(ctx, a.users.admin, { productId: await productId('Training SIM') });
      expect(await seedDemoCaseLayout(ctx.db, simId)).toBe(false);
      expect(await ctx.db.select().from(simLayouts).where(eq(simLayouts.simId, simId))).toEqual([]);
    });
  });

  describe('GET /case-service/api/v1/case/ids', () => {
    it("lists the caller's company's case numbers, lowest first, to any signed-in user", async () => {
      const expected = DEMO_CASES.map((c) => c.caseNumber).sort((x, y) => x - y);
      for (const as of [a.as.admin, a.as.agent]) {
        const res = await as.get(IDS);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ success: true, ids: expected });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it("never shows another company's cases", async () => {
      expect((await b.as.admin.get(IDS)).json()).toEqual({ success: true, ids: [] });
      await ctx.db
        .insert(cases)
        .values({ companyId: b.company.companyId, caseNumber: 777, details: { status: 'New' } });
      expect((await b.as.admin.get(IDS)).json()).toEqual({ success: true, ids: [777] });
      expect(((await a.as.admin.get(IDS)).json() as TCaseIdsResponse).ids).not.toContain(777);
    });

    it('needs a valid bearer token of an existing user', async () => {
      expectFailure(await a.as.nobody.get(IDS), 401, 'UNAUTHORIZED', MESSAGES.unauthorized);
      const forged = await ctx.app.inject({ method: 'GET', url: IDS, headers: bearer('not.a.token') });
      expectFailure(forged, 401, 'UNAUTHORIZED');
      const gone = await buildStaffedCompany(ctx, { agent2: true });
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.users.admin.id));
      expectFailure(await gone.as.admin.get(IDS), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /case-service/api/v1/case-details', () => {
    it('answers the details of a case keyed by attribute name, to any signed-in user of the company', async () => {
      for (const as of [a.as.supervisor, a.as.agent]) {
        const res = await details(as, 10001);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as TCaseDetailsResponse;
        expect(body).toEqual({
          success: true,
          message: 'Case Details loaded successfully — check it out!',
          caseNumber: 10001,
          details: demoCaseDetails(DEMO_CASES[0]),
        });
        // the spec's client counts the answer's keys: more than 3 means loaded
        expect(Object.keys(body).length).toBeGreaterThan(3);
        expect(body.details).toMatchObject({
          case_number: '10001',
          contact_name: 'Maria Lopez',
          department: 'Cardiology',
        });
      }
      expect(((await details(a.as.admin, ' 010012 ')).json() as TCaseDetailsResponse).caseNumber).toBe(10012);
    });

    it("answers 404 'Case Details not loaded — Please try another case_number!' for an unknown or another company's case", async () => {
      const notLoaded = 'Case Details not loaded — Please try another case_number!';
      expectFailure(await details(a.as.admin, 99999), 404, 'NOT_FOUND', notLoaded);
      expectFailure(await details(b.as.admin, 10001), 404, 'NOT_FOUND', notLoaded);
      expect((await details(b.as.admin, 777)).statusCode).toBe(200);
      expectFailure(await details(a.as.admin, 777), 404, 'NOT_FOUND', notLoaded);
    });

    it('refuses a missing or non-numeric caseNumber with 400', async () => {
      expectFailure(await a.as.admin.get(DETAILS), 400, 'INVALID', M.caseNumberRequired);
      expectFailure(await details(a.as.admin, ''), 400, 'INVALID', M.caseNumberRequired);
      expectFailure(await details(a.as.admin, '   '), 400, 'INVALID', M.caseNumberRequired);
      for (const bad of ['abc', '12.5', '-3', '1e4', '0x10', '99999999999', '2147483648'])
        expectFailure(await details(a.as.admin, bad), 400, 'INVALID', M.caseNumberNumeric);
      expectFailure(await a.as.admin.get(`${DETAILS}?caseNumber=1&caseNumber=2`), 400, 'INVALID', M.caseNumberNumeric);
    });

    it('is described in the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const path of [IDS, DETAILS]) expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
      expect(JSON.stringify(doc.paths[DETAILS].get.parameters)).toContain('caseNumber');
    });

    it('needs a sign-in', async () => {
      expectFailure(await details(a.as.nobody, 10001), 401, 'UNAUTHORIZED', MESSAGES.unauthorized);
      expectFailure(await details(a.as.nobody, 'abc'), 401, 'UNAUTHORIZED');
    });
  });
});
