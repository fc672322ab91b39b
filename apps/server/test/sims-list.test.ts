import { AUTHORING_MESSAGES, DEFAULT_CHARACTERS, DEFAULT_LEVEL_NAME, type TSim } from '@sim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, simCharacters, simLevels, simScripts, sims, tools } from '../src/db/schema/index';
import {
  addScript,
  buildSim,
  characterOf,
  expectFailure,
  fullSim,
  MISSING_ID,
  staffedCompany,
  testApp,
  unique,
} from './factories';

describe('sim list, details and trash', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let product: Record<string, string>;
  beforeAll(async () => {
    const rows = await ctx.db.select().from(tools);
    product = Object.fromEntries(rows.map((t) => [t.name, t.id]));
  });

  const titles = (body: unknown) => (body as { sims: TSim[] }).sims.map((s) => s.title);

  describe('GET /api/v1/product', () => {
    it('answers the three products to any signed-in user', async () => {
      const res = await a.as.agent.get('/api/v1/product');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        products: [
          { _id: product['Hiring SIM'], name: 'Hiring SIM', type: 'Voice Only' },
          { _id: product['Training SIM'], name: 'Training SIM', type: 'Voice Only' },
          {
            _id: product['Training SIM - Internal Data'],
            name: 'Training SIM - Internal Data',
            type: 'Internal Data',
          },
        ],
      });
      expectFailure(await a.as.nobody.get('/api/v1/product'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/sims/listing', () => {
    let prefix: string;
    let beta: string;
    beforeAll(async () => {
      prefix = unique('List');
      await buildSim(ctx, a.users.admin, {
        title: `${prefix} Alpha`,
        productId: product['Hiring SIM'],
        adminNote: 'for new hires',
      });
      beta = await buildSim(ctx, a.users.manager, {
        title: `${prefix} Beta`,
        productId: product['Training SIM'],
        draft: true,
      });
      await buildSim(ctx, a.users.admin, { title: `${prefix} Gamma`, productId: product['Training SIM'] });
      await buildSim(ctx, b.users.admin, { title: `${prefix} Other company` });
      const sim = await fullSim(a.as.admin, beta);
      await addScript(a.as.admin, beta, sim.levels[0]._id, characterOf(sim, 'customer'), 'Hello there.');
      await addScript(a.as.admin, beta, sim.levels[0]._id, characterOf(sim, 'agent'), 'How can I help?');
    });

    it('answers a page of the company sims with the list columns and the total', async () => {
      const q = `title=${encodeURIComponent(prefix)}&sortBy=title&order=asc`;
      const res = await a.as.admin.get(`/api/v1/sims/listing?skip=0&limit=2&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { success: boolean; sims: TSim[]; total: number };
      expect(body.success).toBe(true);
      expect(body.total).toBe(3);
      expect(titles(body)).toEqual([`${prefix} Alpha`, `${prefix} Beta`]);
      expect(body.sims[0]).toMatchObject({
        sim_type: 'hiring',
        product_name: 'Hiring SIM',
        admin_note: 'for new hires',
        draft: false,
        built_by: `Ada ${a.users.admin.lastName}`,
        created_by: { _id: a.users.admin.id },
        totalLevels: 1,
        totalSteps: 0,
        deleted_at: null,
      });
      expect(body.sims[1]).toMatchObject({ sim_type: 'training', draft: true, totalLevels: 1, totalSteps: 2 });
      expect(Date.parse(body.sims[0].created_at)).not.toBeNaN();
      expect(Date.parse(body.sims[0].updated_at)).not.toBeNaN();

      const page2 = (await a.as.admin.get(`/api/v1/sims/listing?skip=2&limit=2&${q}`)).json();
      expect(titles(page2)).toEqual([`${prefix} Gamma`]);
    });

    it('pages by 10, filters by product (All = every product) and sorts by the counts', async () => {
      const t = `title=${encodeURIComponent(prefix)}`;
      const hiring = (await a.as.admin.get(`/api/v1/sims/listing?${t}&product=${product['Hiring SIM']}`)).json();
      expect(titles(hiring)).toEqual([`${prefix} Alpha`]);
      const all = (await a.as.admin.get(`/api/v1/sims/listing?${t}&product=All`)).json() as { total: number };
      expect(all.total).toBe(3);
      const bySteps = (await a.as.admin.get(`/api/v1/sims/listing?${t}&sortBy=totalSteps&order=desc`)).json();
      expect(titles(bySteps)[0]).toBe(`${prefix} Beta`);
      // the default page size is 10 and the default order is the last updated first
      for (let i = 0; i < 10; i++) await buildSim(ctx, a.users.admin, { title: `${prefix} Page ${i}` });
      const first = (await a.as.admin.get(`/api/v1/sims/listing?${t}`)).json() as { sims: TSim[]; total: number };
      expect(first.total).toBe(13);
      expect(first.sims).toHaveLength(10);
      expect(first.sims[0].title).toBe(`${prefix} Page 9`);
    });

    it('never lists another company sims; refuses bad input, agents and the signed out', async () => {
      const other = (await b.as.admin.get(`/api/v1/sims/listing?title=${encodeURIComponent(prefix)}`)).json();
      expect(titles(other)).toEqual([`${prefix} Other company`]);
      expectFailure(await a.as.admin.get('/api/v1/sims/listing?sortBy=password'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/sims/listing?product=nope'), 400, 'INVALID', 'This id is not valid.');
      expectFailure(await a.as.admin.get('/api/v1/sims/listing?limit=0'), 400, 'INVALID');
      expect((await a.as.supervisor.get('/api/v1/sims/listing')).statusCode).toBe(200);
      expectFailure(await a.as.agent.get('/api/v1/sims/listing'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/sims/listing'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/sims/list and /simData', () => {
    it('answers the active sims of a product, with their levels for simData', async () => {
      const id = await buildSim(ctx, a.users.admin, { title: unique('Options'), productId: product['Training SIM'] });
      const res = await a.as.supervisor.get(`/api/v1/sims/list?product_id=${product['Training SIM']}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { sims: { _id: string; product_id: string }[] };
      expect(list.sims.find((s) => s._id === id)).toMatchObject({
        sim_type: 'training',
        product_name: 'Training SIM',
        draft: false,
      });
      expect(list.sims.every((s) => s.product_id === product['Training SIM'])).toBe(true);
      const hiring = (await a.as.admin.get(`/api/v1/sims/list?product_id=${product['Hiring SIM']}`)).json() as {
        sims: { _id: string }[];
      };
      expect(hiring.sims.some((s) => s._id === id)).toBe(false);

      const data = (await a.as.admin.get(`/api/v1/sims/simData?product_id=${product['Training SIM']}`)).json() as {
        sims: { _id: string; levels: unknown[] }[];
      };
      expect(data.sims.find((s) => s._id === id)?.levels).toEqual([
        { _id: expect.any(String), name: DEFAULT_LEVEL_NAME, order: 0 },
      ]);
      const everything = (await a.as.admin.get('/api/v1/sims/simData?product_id=')).json() as {
        sims: { _id: string }[];
      };
      expect(everything.sims.some((s) => s._id === id)).toBe(true);
      const bSims = (await b.as.admin.get('/api/v1/sims/list')).json() as { sims: { _id: string }[] };
      expect(bSims.sims.some((s) => s._id === id)).toBe(false);

      expectFailure(await a.as.admin.get('/api/v1/sims/list?product_id=x'), 400, 'INVALID');
      expectFailure(await a.as.agent.get('/api/v1/sims/list'), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.get('/api/v1/sims/simData'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/sims/simData'), 401, 'UNAUTHORIZED');
    });
  });

  describe('details, current-sim, full-details and characters', () => {
    let simId: string;
    let bSim: string;
    beforeAll(async () => {
      simId = await buildSim(ctx, a.users.admin, { title: unique('Details'), productId: product['Training SIM'] });
      bSim = await buildSim(ctx, b.users.admin);
    });

    it('GET /details answers the sim and its characters', async () => {
      const res = await a.as.supervisor.get(`/api/v1/sims/details?simId=${simId}`);
      expect(res.statusCode, res.body).toBe(200);
      const sim = (res.json() as { sim: TSim & { sim_characters: { type: string; name: string }[] } }).sim;
      expect(sim).toMatchObject({ _id: simId, sim_type: 'training', product: 'Training SIM', activeStep: 0 });
      expect(sim.sim_characters.map((c) => [c.type, c.name]).sort()).toEqual(
        DEFAULT_CHARACTERS.map((c) => [c.type, c.name]).sort(),
      );
      expect((res.json() as { sim: { selectVoices: Record<string, string> } }).sim.selectVoices.Joanna).toBe(
        'Joanna (female)',
      );
      expectFailure(await a.as.admin.get(`/api/v1/sims/details?simId=${bSim}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get(`/api/v1/sims/details?simId=${MISSING_ID}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/sims/details'), 400, 'INVALID');
      expectFailure(await a.as.agent.get(`/api/v1/sims/details?simId=${simId}`), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get(`/api/v1/sims/details?simId=${simId}`), 401, 'UNAUTHORIZED');
    });

    it('GET /current-sim answers the levels with their script counts and the criteria', async () => {
      const res = await a.as.admin.get(`/api/v1/sims/current-sim?id=${simId}`);
      expect(res.statusCode, res.body).toBe(200);
      const sim = (res.json() as { sim: { levels: unknown[]; pass_fail: unknown } }).sim;
      expect(sim.levels).toEqual([
        expect.objectContaining({ name: DEFAULT_LEVEL_NAME, order: 0, keyword_score: true, totalScripts: 0 }),
      ]);
      expect(sim.pass_fail).toBeNull();
      expectFailure(await a.as.admin.get(`/api/v1/sims/current-sim?id=${bSim}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/sims/current-sim?id=1'), 400, 'INVALID');
      expectFailure(await a.as.agent.get(`/api/v1/sims/current-sim?id=${simId}`), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get(`/api/v1/sims/current-sim?id=${simId}`), 401, 'UNAUTHORIZED');
    });

    it('GET /full-details answers every level with its scripts and their characters', async () => {
      const before = await fullSim(a.as.admin, simId);
      const levelId = before.levels[0]._id;
      await addScript(a.as.admin, simId, levelId, characterOf(before, 'customer'), 'I would like a referral.');
      await addScript(a.as.admin, simId, levelId, characterOf(before, 'agent'), 'Sure, let me help.', {
        keywords: ['help'],
      });
      const sim = await fullSim(a.as.supervisor, simId);
      expect(sim.totalSteps).toBe(2);
      expect(sim.levels[0].scripts.map((s) => [s.order, s.character?.type, s.script, s.status])).toEqual([
        [1, 'customer', 'I would like a referral.', 'saved'],
        [2, 'agent', 'Sure, let me help.', 'saved'],
      ]);
      expect(sim.levels[0].scripts[1]).toMatchObject({ keywords: ['help'], audio_url: null, overalConfidence: 60 });
      expectFailure(await a.as.admin.get(`/api/v1/sims/full-details?sim_id=${bSim}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/sims/full-details'), 400, 'INVALID');
      expectFailure(await a.as.agent.get(`/api/v1/sims/full-details?sim_id=${simId}`), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get(`/api/v1/sims/full-details?sim_id=${simId}`), 401, 'UNAUTHORIZED');
    });

    it('GET /characters answers the sim characters, or the defaults when it has none', async () => {
      const defaults = (await a.as.admin.get('/api/v1/sims/characters')).json() as {
        defaults: boolean;
        sim_characters: { _id: string | null; type: string; voice: string; avatar: string }[];
      };
      expect(defaults.defaults).toBe(true);
      expect(defaults.sim_characters).toEqual(DEFAULT_CHARACTERS.map((c) => ({ ...c, _id: null, sim_id: null })));
      const saved = (await a.as.supervisor.get(`/api/v1/sims/characters?sim_id=${simId}`)).json() as {
        defaults: boolean;
        sim_characters: { _id: string | null; type: string }[];
      };
      expect(saved.defaults).toBe(false);
      expect(saved.sim_characters.map((c) => c.type)).toEqual(['coach', 'agent', 'customer', 'other']);
      expect(saved.sim_characters.every((c) => c._id)).toBe(true);
      // a sim without characters gets the defaults
      const bare = await buildSim(ctx, a.users.admin);
      await ctx.db.delete(simCharacters).where(eq(simCharacters.simId, bare));
      const none = (await a.as.admin.get(`/api/v1/sims/characters?sim_id=${bare}`)).json() as {
        defaults: boolean;
        sim_characters: { sim_id: string }[];
      };
      expect(none.defaults).toBe(true);
      expect(none.sim_characters[0].sim_id).toBe(bare);
      expectFailure(await a.as.admin.get(`/api/v1/sims/characters?sim_id=${bSim}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/sims/characters?sim_id=zz'), 400, 'INVALID');
      expectFailure(await a.as.agent.get('/api/v1/sims/characters'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/sims/characters'), 401, 'UNAUTHORIZED');
    });
  });

  describe('trash: delete, deleted-sims, recover, empty', () => {
    it('moves a sim to the trash and back; edits are refused while it is there', async () => {
      const title = unique('Trash me');
      const simId = await buildSim(ctx, a.users.admin, { title });
      const del = await a.as.manager.post('/api/v1/sims/delete', { sim_id: simId });
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json()).toEqual({ success: true, message: AUTHORING_MESSAGES.simDeleted });
      const [row] = await ctx.db.select().from(sims).where(eq(sims.id, simId));
      expect(row.deletedAt).toBeInstanceOf(Date);

      const listed = (await a.as.admin.get(`/api/v1/sims/listing?title=${encodeURIComponent(title)}`)).json();
      expect(titles(listed)).toEqual([]);
      const trash = (await a.as.supervisor.get('/api/v1/sims/deleted-sims?skip=0&limit=10')).json() as {
        sims: TSim[];
        total: number;
      };
      expect(trash.sims[0]).toMatchObject({ _id: simId, title });
      expect(trash.sims[0].deleted_at).not.toBeNull();
      // readable in the trash, not editable
      expect((await a.as.admin.get(`/api/v1/sims/details?simId=${simId}`)).statusCode).toBe(200);
      expectFailure(await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'x' }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId }), 404, 'NOT_FOUND');

      const rec = await a.as.admin.post('/api/v1/sims/recover', { sim_id: simId });
      expect(rec.statusCode, rec.body).toBe(200);
      expect(rec.json()).toEqual({ success: true, message: AUTHORING_MESSAGES.simRecovered });
      expect(titles((await a.as.admin.get(`/api/v1/sims/listing?title=${encodeURIComponent(title)}`)).json())).toEqual([
        title,
      ]);
      expectFailure(await a.as.admin.post('/api/v1/sims/recover', { sim_id: simId }), 404, 'NOT_FOUND');
      const audit = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, simId));
      expect(audit.map((x) => x.action).sort()).toEqual(['sim.restored', 'sim.trashed']);
    });

    it('empties the trash for good: the sim rows and their children are gone, other companies untouched', async () => {
      const kept = await buildSim(ctx, a.users.admin);
      const gone = await buildSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, gone);
      await addScript(a.as.admin, gone, sim.levels[0]._id, characterOf(sim, 'agent'), 'Goodbye.');
      const bTrashed = await buildSim(ctx, b.users.admin);
      await b.as.admin.post('/api/v1/sims/delete', { sim_id: bTrashed });
      await a.as.admin.post('/api/v1/sims/delete', { sim_id: gone });

      const res = await a.as.admin.post('/api/v1/sims/trash');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: AUTHORING_MESSAGES.trashEmptied });
      expect((res.json() as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
      expect(await ctx.db.select().from(sims).where(eq(sims.id, gone))).toEqual([]);
      expect(await ctx.db.select().from(simLevels).where(eq(simLevels.simId, gone))).toEqual([]);
      expect(await ctx.db.select().from(simScripts).where(eq(simScripts.simId, gone))).toEqual([]);
      expect(await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, gone))).toEqual([]);
      expect(
        await ctx.db
          .select({ id: sims.id })
          .from(sims)
          .where(inArray(sims.id, [kept, bTrashed])),
      ).toHaveLength(2);
      const [trace] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, a.company.companyId), eq(auditLog.action, 'sim.trash_emptied')));
      expect(trace.details).toMatchObject({ sim_ids: expect.arrayContaining([gone]) });
      const empty = (await a.as.admin.get('/api/v1/sims/deleted-sims')).json() as { total: number };
      expect(empty.total).toBe(0);
    });

    it('refuses another company sim (404), bad ids (400), a supervisor and an agent (403), the signed out (401)', async () => {
      const bSim = await buildSim(ctx, b.users.admin);
      const simId = await buildSim(ctx, a.users.admin);
      expectFailure(await a.as.admin.post('/api/v1/sims/delete', { sim_id: bSim }), 404, 'NOT_FOUND');
      expect((await ctx.db.select().from(sims).where(eq(sims.id, bSim)))[0].deletedAt).toBeNull();
      expectFailure(await a.as.admin.post('/api/v1/sims/recover', { sim_id: bSim }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete', { sim_id: 'abc' }),
        400,
        'INVALID',
        'This id is not valid.',
      );
      expectFailure(await a.as.admin.post('/api/v1/sims/recover', {}), 400, 'INVALID');
      for (const who of [a.as.supervisor, a.as.agent]) {
        expectFailure(await who.post('/api/v1/sims/delete', { sim_id: simId }), 403, 'FORBIDDEN');
        expectFailure(await who.post('/api/v1/sims/recover', { sim_id: simId }), 403, 'FORBIDDEN');
        expectFailure(await who.post('/api/v1/sims/trash'), 403, 'FORBIDDEN');
      }
      expectFailure(await a.as.admin.get('/api/v1/sims/deleted-sims?skip=-1'), 400, 'INVALID');
      expectFailure(await a.as.agent.get('/api/v1/sims/deleted-sims'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/delete', { sim_id: simId }), 401, 'UNAUTHORIZED');
      expectFailure(await a.as.nobody.post('/api/v1/sims/trash'), 401, 'UNAUTHORIZED');
      expectFailure(await a.as.nobody.get('/api/v1/sims/deleted-sims'), 401, 'UNAUTHORIZED');
    });
  });
});
