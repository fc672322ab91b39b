import {
  AUTHORING_MESSAGES,
  DEFAULT_CALL_TYPE,
  DEFAULT_CHARACTERS,
  DEFAULT_LEVEL_NAME,
  type TCharacter,
  type TSim,
} from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, simCharacters, simLevels, simPassFail, simScripts, sims, tools } from '../src/db/schema/index';
import {
  basicInfo,
  buildSim,
  expectFailure,
  fullSim,
  MISSING_ID,
  simWithScripts,
  staffedCompany,
  testApp,
  unique,
  userWithGrants,
} from './factories';

const M = AUTHORING_MESSAGES;

describe('sim builder: basic information, characters, step, duplicate', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let product: Record<string, string>;
  beforeAll(async () => {
    const rows = await ctx.db.select().from(tools);
    product = Object.fromEntries(rows.map((t) => [t.name, t.id]));
  });

  const simRow = async (id: string) => (await ctx.db.select().from(sims).where(eq(sims.id, id)))[0];

  describe('POST /api/v1/sims/basicInfo', () => {
    it('creates a sim from the multipart field data, with the default characters and level', async () => {
      const res = await basicInfo(a.as.admin, {
        title: '  Referral call  ',
        description: 'A caller needs a cardiologist',
        brief_description: 'Brief',
        admin_note: 'note',
        product_id: product['Training SIM'],
        sim_type: 'hiring',
        auto_populate: true,
        real_time_feedback: true,
        natural_lenguage: true,
        draft: true,
        call_type: 'Insurance',
        hot_links: ['https://example.test/a', 'http://example.test/b'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { sim_id: string; _id: string; message: string; sim: TSim };
      expect(body).toMatchObject({ success: true, message: M.simSaved, _id: body.sim_id });
      expect(body.sim).toMatchObject({
        title: 'Referral call',
        sim_type: 'training', // follows the product, not the radio
        product_name: 'Training SIM',
        call_type: 'Insurance',
        natural_lenguage: true,
        draft: true,
        hot_links: ['https://example.test/a', 'http://example.test/b'],
        activeStep: 0,
        built_by: `Ada ${a.users.admin.lastName}`,
      });
      const row = await simRow(body.sim_id);
      expect(row).toMatchObject({
        companyId: a.company.companyId,
        title: 'Referral call',
        description: 'A caller needs a cardiologist',
        briefDescription: 'Brief',
        adminNote: 'note',
        autoPopulate: true,
        realTimeFeedback: true,
        naturalLenguage: true,
        createdBy: a.users.admin.id,
        deletedAt: null,
      });
      const characters = await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, body.sim_id));
      expect(characters.map((c) => [c.type, c.name, c.voice, c.avatar]).sort()).toEqual(
        DEFAULT_CHARACTERS.map((c) => [c.type, c.name, c.voice, c.avatar]).sort(),
      );
      const levels = await ctx.db.select().from(simLevels).where(eq(simLevels.simId, body.sim_id));
      expect(levels).toEqual([
        expect.objectContaining({ name: DEFAULT_LEVEL_NAME, sortOrder: 0, keywordScore: true, simGenerated: false }),
      ]);
    });

    it('defaults the product to the first one and the call type to Physician Referral; Hiring SIM gives hiring', async () => {
      const res = await basicInfo(a.as.admin, { title: unique('Defaults'), description: 'd', product_id: '' });
      expect(res.statusCode, res.body).toBe(200);
      const sim = (res.json() as { sim: TSim }).sim;
      expect(sim).toMatchObject({
        product_name: 'Hiring SIM',
        sim_type: 'hiring',
        call_type: DEFAULT_CALL_TYPE,
        draft: false,
        admin_note: '',
        hot_links: [],
      });
      // a JSON body is accepted as well
      const json = await a.as.admin.post('/api/v1/sims/basicInfo', {
        title: unique('Json'),
        description: 'd',
        product_id: product['Training SIM - Internal Data'],
      });
      expect(json.statusCode, json.body).toBe(200);
      expect((json.json() as { sim: TSim }).sim).toMatchObject({ sim_type: 'training', product_type: 'Internal Data' });
    });

    it('updates a sim with _id, keeping its levels and characters', async () => {
      const simId = await buildSim(ctx, a.users.admin, { productId: product['Hiring SIM'] });
      const before = await simRow(simId);
      const characters = await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, simId));
      const res = await basicInfo(a.as.manager, {
        _id: simId,
        title: 'Renamed',
        description: 'New description',
        product_id: product['Training SIM'],
        admin_note: null,
        activeStep: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { sim_id: string }).sim_id).toBe(simId);
      const after = await simRow(simId);
      expect(after).toMatchObject({
        title: 'Renamed',
        description: 'New description',
        simType: 'training',
        adminNote: '',
        activeStep: 1,
        createdBy: a.users.admin.id,
      });
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      expect(await ctx.db.select().from(simLevels).where(eq(simLevels.simId, simId))).toHaveLength(1);
      const again = await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, simId));
      expect(again.map((c) => c.id).sort()).toEqual(characters.map((c) => c.id).sort());
      // left out, the product stays
      await basicInfo(a.as.manager, { _id: simId, title: 'Renamed', description: 'x' });
      expect((await simRow(simId)).productId).toBe(product['Training SIM']);
    });

    it('answers 400 with the messages for bad input', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ description: 'd' }, M.titleRequired],
        [{ title: '   ', description: 'd' }, M.titleRequired],
        [{ title: 't', description: '' }, M.descriptionRequired],
        [{ title: 't', description: 'd', hot_links: ['https://a.test', 'https://a.test'] }, M.duplicateLink],
        [{ title: 't', description: 'd', hot_links: ['javascript:alert(1)'] }, M.badLink],
        [{ title: 't', description: 'd', product_id: MISSING_ID }, M.unknownProduct],
      ];
      for (const [data, message] of cases) expectFailure(await basicInfo(a.as.admin, data), 400, 'INVALID', message);
      expectFailure(await basicInfo(a.as.admin, { title: 't', description: 'd', call_type: 'Pizza' }), 400, 'INVALID');
      expectFailure(await basicInfo(a.as.admin, { title: 't', description: 'd', activeStep: 9 }), 400, 'INVALID');
      expectFailure(
        await a.as.admin.form('/api/v1/sims/basicInfo', { data: '{not json' }),
        400,
        'INVALID',
        M.dataNotJson,
      );
      expectFailure(await a.as.admin.form('/api/v1/sims/basicInfo', { other: '{}' }), 400, 'INVALID', M.dataNotJson);
    });

    it('needs sim_list create to create and sim_list update to update; another company sim is 404', async () => {
      const data = { title: unique('Perm'), description: 'd' };
      expectFailure(await basicInfo(a.as.supervisor, data), 403, 'FORBIDDEN');
      expectFailure(await basicInfo(a.as.agent, data), 403, 'FORBIDDEN');
      expectFailure(await basicInfo(a.as.nobody, data), 401, 'UNAUTHORIZED');
      const creator = await userWithGrants(ctx, a.company, [{ task: 'sim_list', type: 'create' }]);
      const editor = await userWithGrants(ctx, a.company, [{ task: 'sim_list', type: 'update' }]);
      const asCreator = creator.as;
      const asEditor = editor.as;
      const created = await basicInfo(asCreator, data);
      expect(created.statusCode, created.body).toBe(200);
      const simId = (created.json() as { sim_id: string }).sim_id;
      expectFailure(await basicInfo(asCreator, { ...data, _id: simId }), 403, 'FORBIDDEN');
      expectFailure(await basicInfo(asEditor, data), 403, 'FORBIDDEN');
      expect((await basicInfo(asEditor, { ...data, _id: simId })).statusCode).toBe(200);
      const bSim = await buildSim(ctx, b.users.admin);
      expectFailure(await basicInfo(a.as.admin, { ...data, _id: bSim }), 404, 'NOT_FOUND');
      expect((await simRow(bSim)).title).not.toBe(data.title);
    });
  });

  describe('PATCH /api/v1/sims/avatars/update-details', () => {
    const four = (overrides: Partial<Record<TCharacter['type'], Record<string, unknown>>> = {}) =>
      (['coach', 'agent', 'customer', 'other'] as const).map((type, i) => ({
        type,
        name: `${type} name`,
        voice: 'Salli',
        avatar: `avatar-${i + 20}`,
        masked_type: i === 0 ? 'Mentor' : '',
        ...overrides[type],
      }));

    it('saves the four characters, keeping their ids, and the step', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const ids = (await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, simId)))
        .map((c) => c.id)
        .sort();
      const res = await a.as.admin.patch('/api/v1/sims/avatars/update-details', {
        sim_id: simId,
        sim_characters: four({ agent: { voice: 'Joey' } }),
        activeStep: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; sim_characters: TCharacter[] };
      expect(body.message).toBe(M.charactersSaved);
      expect(body.sim_characters.map((c) => [c.type, c.name, c.voice, c.avatar, c.masked_type])).toEqual([
        ['coach', 'coach name', 'Salli', 'avatar-20', 'Mentor'],
        ['agent', 'agent name', 'Joey', 'avatar-21', 'agent'],
        ['customer', 'customer name', 'Salli', 'avatar-22', 'customer'],
        ['other', 'other name', 'Salli', 'avatar-23', 'other'],
      ]);
      const rows = await ctx.db
        .select()
        .from(simCharacters)
        .where(eq(simCharacters.simId, simId))
        .orderBy(asc(simCharacters.id));
      expect(rows.map((c) => c.id).sort()).toEqual(ids);
      expect(rows.find((c) => c.type === 'agent')).toMatchObject({ name: 'agent name', voice: 'Joey' });
      expect((await simRow(simId)).activeStep).toBe(2);
    });

    it('needs a name, a voice and an avatar for all four characters (400 with the message)', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const patch = (sim_characters: unknown) =>
        a.as.admin.patch('/api/v1/sims/avatars/update-details', { sim_id: simId, sim_characters });
      expectFailure(await patch(four({ coach: { name: '  ' } })), 400, 'INVALID', M.characterNameRequired);
      expectFailure(await patch(four({ agent: { voice: '' } })), 400, 'INVALID', M.characterVoiceRequired);
      expectFailure(await patch(four({ agent: { voice: 'Siri' } })), 400, 'INVALID', M.characterVoiceRequired);
      expectFailure(await patch(four({ other: { avatar: 'avatar-25' } })), 400, 'INVALID', M.characterAvatarRequired);
      expectFailure(await patch(four().slice(0, 3)), 400, 'INVALID', M.charactersIncomplete);
      expectFailure(await patch(four({ other: { type: 'coach' } })), 400, 'INVALID', M.charactersIncomplete);
    });

    it('refuses a supervisor and an agent (403), another company sim (404), the signed out (401)', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const bSim = await buildSim(ctx, b.users.admin);
      const body = { sim_id: simId, sim_characters: four() };
      expectFailure(await a.as.supervisor.patch('/api/v1/sims/avatars/update-details', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.patch('/api/v1/sims/avatars/update-details', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.patch('/api/v1/sims/avatars/update-details', body), 401, 'UNAUTHORIZED');
      expectFailure(
        await a.as.admin.patch('/api/v1/sims/avatars/update-details', { ...body, sim_id: bSim }),
        404,
        'NOT_FOUND',
      );
      const bNames = await ctx.db.select().from(simCharacters).where(eq(simCharacters.simId, bSim));
      expect(bNames.some((c) => c.name.endsWith(' name'))).toBe(false);
    });
  });

  describe('PATCH /api/v1/sims/active-step', () => {
    it('keeps the wizard step on the sim', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const res = await a.as.manager.patch('/api/v1/sims/active-step', { sim_id: simId, activeStep: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.stepSaved, activeStep: 3 });
      expect((await simRow(simId)).activeStep).toBe(3);
      expectFailure(
        await a.as.admin.patch('/api/v1/sims/active-step', { sim_id: simId, activeStep: 4 }),
        400,
        'INVALID',
      );
      expectFailure(
        await a.as.admin.patch('/api/v1/sims/active-step', {
          sim_id: await buildSim(ctx, b.users.admin),
          activeStep: 1,
        }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.supervisor.patch('/api/v1/sims/active-step', { sim_id: simId, activeStep: 1 }),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.nobody.patch('/api/v1/sims/active-step', { sim_id: simId, activeStep: 1 }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('POST /api/v1/sims/duplicate-sim', () => {
    it('copies the sim with its characters, levels, scripts and criteria', async () => {
      const { simId, levelId, sim } = await simWithScripts(ctx, a.users.admin);
      const crit = await a.as.admin.post('/api/v1/sims/set-criteria', {
        sim_id: simId,
        sim_level_id: levelId,
        threshold_keyword_accuracy: 70,
        disable_threshold_typing_accuracy: true,
      });
      expect(crit.statusCode, crit.body).toBe(200);
      const res = await a.as.manager.post('/api/v1/sims/duplicate-sim', { simId });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; sim_id: string; sim: TSim };
      expect(body.message).toBe(M.duplicated);
      expect(body.sim_id).not.toBe(simId);
      expect(body.sim).toMatchObject({
        title: `${sim.title} (Copy)`,
        totalLevels: 1,
        totalSteps: 4,
        is_pass_fail_criteria_set: true,
        created_by: { _id: a.users.manager.id },
      });
      const copy = await fullSim(a.as.admin, body.sim_id);
      expect(copy.sim_characters.map((c) => [c.type, c.name, c.voice])).toEqual(
        sim.sim_characters.map((c) => [c.type, c.name, c.voice]),
      );
      expect(copy.sim_characters.some((c) => sim.sim_characters.some((o) => o._id === c._id))).toBe(false);
      expect(copy.levels.map((l) => [l.name, l.order, l.keyword_score])).toEqual(
        sim.levels.map((l) => [l.name, l.order, l.keyword_score]),
      );
      const lines = (s: typeof sim) =>
        s.levels[0].scripts.map((x) => [x.order, x.character?.type, x.script, x.keywords, x.hint_text]);
      expect(lines(copy)).toEqual(lines(sim));
      expect(
        copy.levels[0].scripts.every(
          (x) => x.sim_character_id && copy.sim_characters.some((c) => c._id === x.sim_character_id),
        ),
      ).toBe(true);
      expect(copy.pass_fail).toMatchObject({
        sim_level_id: copy.levels[0]._id,
        threshold_keyword_accuracy: 70,
        disable_threshold_typing_accuracy: true,
      });
      // the source is untouched
      expect(await ctx.db.select().from(simScripts).where(eq(simScripts.simId, simId))).toHaveLength(4);
      expect(await ctx.db.select().from(simPassFail).where(eq(simPassFail.simId, simId))).toHaveLength(1);
      const [trace] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, body.sim_id));
      expect(trace).toMatchObject({ action: 'sim.duplicated', details: { from: simId } });
    });

    it('needs sim_list create; another company sim is 404, a bad id 400', async () => {
      const simId = await buildSim(ctx, a.users.admin);
      const bSim = await buildSim(ctx, b.users.admin);
      const before = await ctx.db.select({ id: sims.id }).from(sims).where(eq(sims.companyId, a.company.companyId));
      expectFailure(await a.as.supervisor.post('/api/v1/sims/duplicate-sim', { simId }), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post('/api/v1/sims/duplicate-sim', { simId }), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/duplicate-sim', { simId }), 401, 'UNAUTHORIZED');
      expectFailure(await a.as.admin.post('/api/v1/sims/duplicate-sim', { simId: bSim }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post('/api/v1/sims/duplicate-sim', { simId: 'x' }), 400, 'INVALID');
      const after = await ctx.db
        .select({ id: sims.id, title: sims.title })
        .from(sims)
        .where(eq(sims.companyId, a.company.companyId));
      const added = after.filter((s) => !before.some((x) => x.id === s.id));
      expect(added.some((s) => s.title.endsWith('(Copy)'))).toBe(false);
    });
  });
});
