import { AUTHORING_MESSAGES, GRADING_MESSAGES, type TScript } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simLevels, simScripts } from '../src/db/schema/index';
import { addScript, characterOf, expectFailure, fullSim, MISSING_ID, staffedCompany, testApp } from './factories';
import { trainingSim, trainingSimWithScripts } from './sims-training';

const M = AUTHORING_MESSAGES;

describe('sim scripts, keywords, audio and try-outs', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const scriptRows = (levelId: string) =>
    ctx.db.select().from(simScripts).where(eq(simScripts.simLevelId, levelId)).orderBy(asc(simScripts.sortOrder));
  const scriptRow = async (id: string) => (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0];

  describe('POST /api/v1/sims/scripts', () => {
    it('creates scripts in order, inserts at an order and moves one; order runs from 1', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const levelId = sim.levels[0]._id;
      const customer = characterOf(sim, 'customer');
      const agent = characterOf(sim, 'agent');
      const res = await a.as.manager.post('/api/v1/sims/scripts', {
        sim_id: simId,
        sim_level_id: levelId,
        sim_character_id: agent,
        script: '  Thank you for calling.\nHow can I help?  ',
        keywords: ['thank you', 'help | assist'],
        tests: [
          { name: 'Greeting', isFlexible: false, keywords: ['thank you'], coachFeedback: 'Greet', confidence: 80 },
        ],
        hint_text: 'Greet the caller',
        overalConfidence: 70,
        autopopulate_timer: 5,
        autopopulate_data: [{ tab_name: 'Case', field_title: 'Subject' }],
        audio_url: 'https://elsewhere.test/x.mp3',
        newScript: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; sim_script_id: string; sim_level_id: string; script: TScript };
      expect(body).toMatchObject({ success: true, message: M.scriptSaved, sim_level_id: levelId });
      expect(body.script).toMatchObject({
        _id: body.sim_script_id,
        order: 1,
        script: 'Thank you for calling.\nHow can I help?',
        keywords: ['thank you', 'help | assist'],
        tests: [{ name: 'Greeting', isFlexible: false, confidence: 80 }],
        hint_text: 'Greet the caller',
        overalConfidence: 70,
        audio_url: null,
        status: 'saved',
        character: { _id: agent, type: 'agent' },
      });
      expect(await scriptRow(body.sim_script_id)).toMatchObject({
        simId,
        simCharacterId: agent,
        autopopulateTimer: 5,
        autopopulateData: [{ tab_name: 'Case', field_title: 'Subject' }],
        audioKey: null,
      });

      const second = await addScript(a.as.admin, simId, levelId, customer, 'Second line');
      expect(second.script.order).toBe(2);
      const first = await addScript(a.as.admin, simId, levelId, customer, 'Now first', { order: 1 });
      expect((await scriptRows(levelId)).map((s) => [s.script, s.sortOrder])).toEqual([
        ['Now first', 1],
        ['Thank you for calling.\nHow can I help?', 2],
        ['Second line', 3],
      ]);
      // update: move to the end and change the text; fields left out are kept
      const moved = await a.as.admin.post('/api/v1/sims/scripts', {
        _id: first.sim_script_id,
        sim_id: simId,
        script: 'Now last',
        order: 3,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await scriptRows(levelId)).map((s) => [s.script, s.sortOrder])).toEqual([
        ['Thank you for calling.\nHow can I help?', 1],
        ['Second line', 2],
        ['Now last', 3],
      ]);
      await a.as.admin.post('/api/v1/sims/scripts', { _id: body.sim_script_id, sim_id: simId, hint_text: 'New hint' });
      expect(await scriptRow(body.sim_script_id)).toMatchObject({
        hintText: 'New hint',
        keywords: ['thank you', 'help | assist'],
        overalConfidence: 70,
        simCharacterId: agent,
      });
    });

    it('creates the level with is_level when the script has none', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const res = await a.as.admin.post('/api/v1/sims/scripts', {
        sim_id: simId,
        is_level: true,
        name: 'Objections',
        level_order: 1,
        sim_character_id: characterOf(sim, 'customer'),
        script: 'That is too expensive.',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { sim_level_id: string; level: { name: string; order: number; totalScripts: number } };
      expect(body.level).toMatchObject({ name: 'Objections', order: 1, totalScripts: 1 });
      const levels = await ctx.db.select().from(simLevels).where(eq(simLevels.simId, simId));
      expect(levels).toHaveLength(2);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/scripts', {
          sim_id: simId,
          sim_character_id: characterOf(sim, 'customer'),
          script: 'x',
        }),
        400,
        'INVALID',
        M.levelRequired,
      );
    });

    it('answers 400 with the messages for bad keywords, tests and text', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const base = {
        sim_id: simId,
        sim_level_id: sim.levels[0]._id,
        sim_character_id: characterOf(sim, 'agent'),
        script: 'A line',
      };
      const save = (extra: Record<string, unknown>) => a.as.admin.post('/api/v1/sims/scripts', { ...base, ...extra });
      expectFailure(
        await save({ keywords: ['refund & credit | card'] }),
        400,
        'INVALID',
        GRADING_MESSAGES.mixedOperators,
      );
      expectFailure(
        await save({ tests: [{ name: ' ', keywords: ['x'] }] }),
        400,
        'INVALID',
        GRADING_MESSAGES.testNameRequired,
      );
      expectFailure(
        await save({ tests: [{ name: 'T', keywords: [] }] }),
        400,
        'INVALID',
        GRADING_MESSAGES.testKeywordRequired,
      );
      expectFailure(await save({ script: '   ' }), 400, 'INVALID', M.scriptRequired);
      expectFailure(await save({ script: undefined }), 400, 'INVALID', M.scriptRequired);
      expectFailure(await save({ sim_character_id: undefined }), 400, 'INVALID', M.characterRequired);
      expectFailure(await save({ overalConfidence: 101 }), 400, 'INVALID');
      expectFailure(await save({ order: 0 }), 400, 'INVALID');
      // keywords are split on commas and kept unique
      const ok = await save({ keywords: ['refund, Refund!', 'card'] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as { script: TScript }).script.keywords).toEqual(['refund', 'card']);
      expect(await scriptRows(sim.levels[0]._id)).toHaveLength(1);
    });

    it('refuses the 201st script of a level with 422', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const levelId = sim.levels[0]._id;
      const characterId = characterOf(sim, 'customer');
      await ctx.db.insert(simScripts).values(
        Array.from({ length: 199 }, (_, i) => ({
          simId,
          simLevelId: levelId,
          simCharacterId: characterId,
          script: `Line ${i + 1}`,
          sortOrder: i + 1,
        })),
      );
      const twoHundredth = await addScript(a.as.admin, simId, levelId, characterId, 'Line 200');
      expect(twoHundredth.script.order).toBe(200);
      const refused = await a.as.admin.post('/api/v1/sims/scripts', {
        sim_id: simId,
        sim_level_id: levelId,
        sim_character_id: characterId,
        script: 'Line 201',
      });
      expectFailure(refused, 422, 'RULE_BROKEN', M.maxScripts);
      expect(await scriptRows(levelId)).toHaveLength(200);
    });

    it('refuses another company sim, level, character and script (404), supervisors, agents, the signed out', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const { simId: bSim, sim: bFull } = await trainingSimWithScripts(ctx, b.users.admin);
      const body = {
        sim_id: simId,
        sim_level_id: sim.levels[0]._id,
        sim_character_id: characterOf(sim, 'agent'),
        script: 'x',
      };
      const url = '/api/v1/sims/scripts';
      expectFailure(await a.as.admin.post(url, { ...body, sim_id: bSim }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post(url, { ...body, sim_level_id: bFull.levels[0]._id }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post(url, { ...body, sim_character_id: characterOf(bFull, 'agent') }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post(url, { _id: bFull.levels[0].scripts[0]._id, sim_id: simId, script: 'stolen' }),
        404,
        'NOT_FOUND',
      );
      expectFailure(await a.as.admin.post(url, { ...body, _id: MISSING_ID }), 404, 'NOT_FOUND');
      expect((await scriptRow(bFull.levels[0].scripts[0]._id)).script).not.toBe('stolen');
      expectFailure(await a.as.supervisor.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post(url, body), 401, 'UNAUTHORIZED');
      expect(await scriptRows(sim.levels[0]._id)).toHaveLength(0);
    });
  });

  describe('POST /api/v1/sims/keywords and /delete-script', () => {
    it('saves keywords split on commas, unique, and reports the duplicates', async () => {
      const { simId, sim } = await trainingSimWithScripts(ctx, a.users.admin);
      const scriptId = sim.levels[0].scripts[2]._id;
      const res = await a.as.admin.post('/api/v1/sims/keywords', {
        sim_id: simId,
        script_id: scriptId,
        keywords: 'appointment, Monday | Tuesday, appointment,  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: M.keywordsSaved,
        keywords: ['appointment', 'Monday | Tuesday'],
        duplicates: ['appointment'],
      });
      expect((await scriptRow(scriptId)).keywords).toEqual(['appointment', 'Monday | Tuesday']);
      const mixed = await a.as.admin.post('/api/v1/sims/keywords', {
        sim_id: simId,
        script_id: scriptId,
        keywords: ['a & b | c'],
      });
      expectFailure(mixed, 400, 'INVALID', GRADING_MESSAGES.mixedOperators);
      expect((await scriptRow(scriptId)).keywords).toEqual(['appointment', 'Monday | Tuesday']);
      const { simId: bSim, sim: bFull } = await trainingSimWithScripts(ctx, b.users.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      expectFailure(
        await a.as.admin.post('/api/v1/sims/keywords', { sim_id: bSim, script_id: bScript, keywords: 'x' }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/keywords', { sim_id: simId, script_id: bScript, keywords: 'x' }),
        404,
        'NOT_FOUND',
      );
      const body = { sim_id: simId, script_id: scriptId, keywords: 'x' };
      expectFailure(await a.as.supervisor.post('/api/v1/sims/keywords', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post('/api/v1/sims/keywords', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/keywords', body), 401, 'UNAUTHORIZED');
    });

    it('deletes a script and numbers the level from 1 again', async () => {
      const { simId, levelId, sim } = await trainingSimWithScripts(ctx, a.users.admin);
      const second = sim.levels[0].scripts[1]._id;
      const res = await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: second });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.scriptDeleted });
      const rows = await scriptRows(levelId);
      expect(rows.map((s) => s.sortOrder)).toEqual([1, 2, 3]);
      expect(rows.some((s) => s.id === second)).toBe(false);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: second }),
        404,
        'NOT_FOUND',
      );
      const { simId: bSim, sim: bFull } = await trainingSimWithScripts(ctx, b.users.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: bSim, script_id: bScript }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: bScript }),
        404,
        'NOT_FOUND',
      );
      expect(await scriptRow(bScript)).toBeDefined();
      expectFailure(await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: simId }), 400, 'INVALID');
      const body = { sim_id: simId, script_id: rows[0].id };
      expectFailure(await a.as.supervisor.post('/api/v1/sims/delete-script', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post('/api/v1/sims/delete-script', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/delete-script', body), 401, 'UNAUTHORIZED');
    });
  });
});
