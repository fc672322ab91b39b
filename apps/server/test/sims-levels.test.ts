import { AUTHORING_MESSAGES, GENERATED_LEVEL_NAMES, LEVEL_NAMES, type TLevel } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simLevels, simPassFail, simScripts, sims } from '../src/db/schema/index';
import { addScript, characterOf, expectFailure, fullSim, MISSING_ID, staffedCompany, testApp } from './factories';
import { trainingSim, trainingSimWithScripts } from './sims-training';

const M = AUTHORING_MESSAGES;

describe('sim levels, generate sim and pass criteria', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const levelRows = (simId: string) =>
    ctx.db.select().from(simLevels).where(eq(simLevels.simId, simId)).orderBy(asc(simLevels.sortOrder));
  const simRow = async (id: string) => (await ctx.db.select().from(sims).where(eq(sims.id, id)))[0];

  describe('POST /api/v1/sims/add-level and PATCH /editLevel/:id', () => {
    it('adds levels last or at an order (levels stay numbered from 0), at most 5', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const res = await a.as.manager.post('/api/v1/sims/add-level', {
        sim_id: simId,
        name: ' Practice ',
        hint_text: true,
        send_to_snowfly: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; level: TLevel };
      expect(body.message).toBe(M.levelAdded);
      expect(body.level).toMatchObject({
        name: 'Practice',
        order: 1,
        sim_id: simId,
        hint_text: true,
        send_to_snowfly: true,
        keyword_score: false,
        totalScripts: 0,
        level_id: body.level._id,
      });
      const first = await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Warm-up', order: 0 });
      expect((first.json() as { level: TLevel }).level.order).toBe(0);
      expect((await levelRows(simId)).map((l) => [l.name, l.sortOrder])).toEqual([
        ['Warm-up', 0],
        [LEVEL_NAMES[0], 1],
        ['Practice', 2],
      ]);
      await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Four' });
      await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Five' });
      const sixth = await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Six' });
      expectFailure(sixth, 422, 'RULE_BROKEN', M.maxLevels);
      expect(sixth.json()).toMatchObject({ code: 'RULE_BROKEN' });
      expect(await levelRows(simId)).toHaveLength(5);
    });

    it('renames a level', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const [level] = await levelRows(simId);
      const res = await a.as.admin.patch(`/api/v1/sims/editLevel/${level.id}`, { sim_id: simId, name: 'Greeting' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: M.levelRenamed,
        level: { _id: level.id, name: 'Greeting' },
      });
      expect((await levelRows(simId))[0].name).toBe('Greeting');
      expectFailure(
        await a.as.admin.patch(`/api/v1/sims/editLevel/${level.id}`, { sim_id: simId, name: ' ' }),
        400,
        'INVALID',
        M.levelNameRequired,
      );
      expectFailure(
        await a.as.admin.patch('/api/v1/sims/editLevel/nope', { sim_id: simId, name: 'x' }),
        400,
        'INVALID',
      );
      expectFailure(
        await a.as.admin.patch(`/api/v1/sims/editLevel/${MISSING_ID}`, { sim_id: simId, name: 'x' }),
        404,
        'NOT_FOUND',
      );
    });

    it('validates, and refuses a supervisor, an agent, another company and the signed out', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const bSim = await trainingSim(ctx, b.users.admin);
      const [bLevel] = await levelRows(bSim);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: '' }),
        400,
        'INVALID',
        M.levelNameRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId }),
        400,
        'INVALID',
        M.levelNameRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'x', order: -1 }),
        400,
        'INVALID',
      );
      for (const who of [a.as.supervisor, a.as.agent]) {
        expectFailure(await who.post('/api/v1/sims/add-level', { sim_id: simId, name: 'x' }), 403, 'FORBIDDEN');
        expectFailure(
          await who.patch(`/api/v1/sims/editLevel/${bLevel.id}`, { sim_id: simId, name: 'x' }),
          403,
          'FORBIDDEN',
        );
      }
      expectFailure(
        await a.as.nobody.post('/api/v1/sims/add-level', { sim_id: simId, name: 'x' }),
        401,
        'UNAUTHORIZED',
      );
      expectFailure(await a.as.admin.post('/api/v1/sims/add-level', { sim_id: bSim, name: 'x' }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.patch(`/api/v1/sims/editLevel/${bLevel.id}`, { sim_id: bSim, name: 'x' }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.patch(`/api/v1/sims/editLevel/${bLevel.id}`, { sim_id: simId, name: 'x' }),
        404,
        'NOT_FOUND',
      );
      expect((await levelRows(bSim))[0].name).toBe(LEVEL_NAMES[0]);
    });
  });

  describe('POST /api/v1/sims/delete-level', () => {
    it("deletes a level with its scripts, renumbers the rest and clears the sim's pass/fail on it", async () => {
      const { simId, levelId } = await trainingSimWithScripts(ctx, a.users.admin);
      const second = (
        (await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Second' })).json() as {
          level: TLevel;
        }
      ).level;
      await a.as.admin.post('/api/v1/sims/set-criteria', {
        sim_id: simId,
        sim_level_id: levelId,
        threshold_overall_accuracy: 80,
      });
      expect((await simRow(simId)).isPassFailCriteriaSet).toBe(true);

      const res = await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: levelId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.levelDeleted });
      expect((await levelRows(simId)).map((l) => [l.id, l.sortOrder])).toEqual([[second._id, 0]]);
      expect(await ctx.db.select().from(simScripts).where(eq(simScripts.simLevelId, levelId))).toEqual([]);
      expect(await ctx.db.select().from(simPassFail).where(eq(simPassFail.simId, simId))).toEqual([]);
      expect((await simRow(simId)).isPassFailCriteriaSet).toBe(false);
    });

    it('keeps the pass/fail when another level is deleted; 404 / 403 / 401 / 400', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const [first] = await levelRows(simId);
      const other = (
        (await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Other' })).json() as { level: TLevel }
      ).level;
      await a.as.admin.post('/api/v1/sims/set-criteria', {
        sim_id: simId,
        sim_level_id: first.id,
        threshold_overall_accuracy: 80,
      });
      await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: other._id });
      expect((await simRow(simId)).isPassFailCriteriaSet).toBe(true);
      expect(await ctx.db.select().from(simPassFail).where(eq(simPassFail.simId, simId))).toHaveLength(1);

      const bSim = await trainingSim(ctx, b.users.admin);
      const [bLevel] = await levelRows(bSim);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: bSim, level_id: bLevel.id }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: bLevel.id }),
        404,
        'NOT_FOUND',
      );
      expect(await levelRows(bSim)).toHaveLength(1);
      expectFailure(await a.as.admin.post('/api/v1/sims/delete-level', { sim_id: simId }), 400, 'INVALID');
      expectFailure(
        await a.as.supervisor.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: first.id }),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.agent.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: first.id }),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.nobody.post('/api/v1/sims/delete-level', { sim_id: simId, level_id: first.id }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('level option toggles', () => {
    const options = [
      ['/api/v1/sims/levels/keyword-score', 'keyword_score', 'keywordScore', 'keyword score'],
      ['/api/v1/sims/levels/only-keywords', 'only_keywords', 'onlyKeywords', 'only keywords'],
      ['/api/v1/sims/send-to-snowfly', 'send_to_snowfly', 'sendToSnowfly', 'send to snowfly'],
      ['/api/v1/sims/scripts/hint-text', 'hint_text', 'hintText', 'hint text'],
      ['/api/v1/sims/scripts/real-time-feedback', 'real_time_feedback', 'realTimeFeedback', 'real time feedback'],
    ] as const;

    it('sets each option of a level and answers the spec message', async () => {
      const { simId, levelId } = await trainingSimWithScripts(ctx, a.users.admin);
      for (const [url, field, column, label] of options) {
        const value = field !== 'keyword_score'; // keyword score starts on: switch it off
        const res = await a.as.manager.post(url, { sim_id: simId, level_id: levelId, [field]: value });
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({
          success: true,
          message: M.optionUpdated(label),
          level: { _id: levelId, [field]: value },
        });
        expect((await levelRows(simId))[0][column]).toBe(value);
      }
      // real-time feedback of the level is set on all its scripts; one script can change alone
      const scripts = await ctx.db.select().from(simScripts).where(eq(simScripts.simLevelId, levelId));
      expect(scripts.every((s) => s.realTimeFeedback)).toBe(true);
      const one = await a.as.admin.post('/api/v1/sims/scripts/real-time-feedback', {
        sim_id: simId,
        level_id: levelId,
        script_id: scripts[0].id,
        real_time_feedback: false,
      });
      expect(one.statusCode, one.body).toBe(200);
      const after = await ctx.db.select().from(simScripts).where(eq(simScripts.simLevelId, levelId));
      expect(after.filter((s) => !s.realTimeFeedback).map((s) => s.id)).toEqual([scripts[0].id]);
      expect((await levelRows(simId))[0].realTimeFeedback).toBe(true);

      const screen = await a.as.admin.post('/api/v1/sims/toggle-screen-recording-switch', {
        levelId,
        screenRecording: true,
      });
      expect(screen.statusCode, screen.body).toBe(200);
      expect(screen.json()).toMatchObject({
        message: M.optionUpdated('screen recording'),
        level: { screenRecording: true },
      });
      expect((await levelRows(simId))[0].screenRecording).toBe(true);
    });

    it('validates and refuses other companies, supervisors, agents and the signed out', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const [level] = await levelRows(simId);
      const bSim = await trainingSim(ctx, b.users.admin);
      const [bLevel] = await levelRows(bSim);
      for (const [url, field] of options) {
        expectFailure(
          await a.as.admin.post(url, { sim_id: simId, level_id: level.id, [field]: 'yes' }),
          400,
          'INVALID',
        );
        expectFailure(
          await a.as.admin.post(url, { sim_id: bSim, level_id: bLevel.id, [field]: true }),
          404,
          'NOT_FOUND',
        );
        expectFailure(
          await a.as.admin.post(url, { sim_id: simId, level_id: bLevel.id, [field]: true }),
          404,
          'NOT_FOUND',
        );
        expectFailure(
          await a.as.supervisor.post(url, { sim_id: simId, level_id: level.id, [field]: true }),
          403,
          'FORBIDDEN',
        );
        expectFailure(
          await a.as.agent.post(url, { sim_id: simId, level_id: level.id, [field]: true }),
          403,
          'FORBIDDEN',
        );
        expectFailure(
          await a.as.nobody.post(url, { sim_id: simId, level_id: level.id, [field]: true }),
          401,
          'UNAUTHORIZED',
        );
      }
      const screen = '/api/v1/sims/toggle-screen-recording-switch';
      expectFailure(await a.as.admin.post(screen, { levelId: bLevel.id, screenRecording: true }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post(screen, { levelId: level.id }), 400, 'INVALID');
      expectFailure(await a.as.supervisor.post(screen, { levelId: level.id, screenRecording: true }), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post(screen, { levelId: level.id, screenRecording: true }), 401, 'UNAUTHORIZED');
      expect((await levelRows(bSim))[0].screenRecording).toBe(false);
      const { simId: other } = await trainingSimWithScripts(ctx, b.users.admin);
      const [otherScript] = await ctx.db.select().from(simScripts).where(eq(simScripts.simId, other));
      expectFailure(
        await a.as.admin.post('/api/v1/sims/scripts/real-time-feedback', {
          sim_id: simId,
          level_id: level.id,
          script_id: otherScript.id,
          real_time_feedback: true,
        }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('POST /api/v1/sims/generate-sim', () => {
    it('copies level 1 into the four fixed levels with their transforms; the 6th level is refused', async () => {
      const { simId, levelId, sim } = await trainingSimWithScripts(ctx, a.users.admin);
      const res = await a.as.manager.post('/api/v1/sims/generate-sim', { sim_id: simId });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; levels: TLevel[] };
      expect(body.message).toBe(M.levelsGenerated);
      expect(body.levels.map((l) => [l.name, l.order, l.sim_generated])).toEqual(
        GENERATED_LEVEL_NAMES.map((name, i) => [name, i + 1, true]),
      );
      expect(
        body.levels.map((l) => [
          l.remove_coach,
          l.auto_populate,
          l.convert_agent,
          l.only_keywords,
          l.hint_text,
          l.remove_agent,
        ]),
      ).toEqual([
        [true, true, false, false, false, false],
        [false, false, true, false, false, false],
        [false, false, true, true, false, false],
        [true, false, true, false, true, true],
      ]);

      const after = await fullSim(a.as.admin, simId);
      expect(after.levels.map((l) => l.name)).toEqual([...LEVEL_NAMES]);
      const types = (i: number) => after.levels[i].scripts.map((s) => s.character?.type);
      expect(types(0)).toEqual(['coach', 'customer', 'agent', 'customer']);
      expect(types(1)).toEqual(['customer', 'agent', 'customer']); // remove coach
      expect(types(2)).toEqual(['coach', 'customer', 'agent', 'customer']);
      expect(types(4)).toEqual(['customer', 'agent', 'customer']);
      for (const level of after.levels)
        expect(level.scripts.map((s) => s.order)).toEqual(level.scripts.map((_, i) => i + 1));
      const agentLine = (i: number) => after.levels[i].scripts.find((s) => s.character?.type === 'agent');
      expect(agentLine(4)).toMatchObject({
        hide_text: true,
        keywords: ['schedule', 'Monday'],
        hint_text: 'Offer a Monday slot',
      });
      expect(agentLine(2)?.hide_text).toBe(false);
      expect(agentLine(3)?.script).toBe(sim.levels[0].scripts[2].script);
      // level 1 is untouched
      expect(after.levels[0]._id).toBe(levelId);
      expect(after.levels[0].scripts.map((s) => s._id)).toEqual(sim.levels[0].scripts.map((s) => s._id));

      const again = await a.as.admin.post('/api/v1/sims/generate-sim', {
        sim_id: simId,
        levelId: [{ name: 'Try w/o help' }],
      });
      expectFailure(again, 422, 'RULE_BROKEN', M.maxLevels);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Sixth' }),
        422,
        'RULE_BROKEN',
        M.maxLevels,
      );
      expect(await levelRows(simId)).toHaveLength(5);
    });

    it('makes only the chosen levels, with their flags changed where asked', async () => {
      const { simId } = await trainingSimWithScripts(ctx, a.users.admin);
      const res = await a.as.admin.post('/api/v1/sims/generate-sim', {
        sim_id: simId,
        levelId: [{ name: 'Try w/o help', hint_text: false }, { name: 'Watch the experts' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const levels = (res.json() as { levels: TLevel[] }).levels;
      expect(levels.map((l) => [l.name, l.order, l.hint_text, l.remove_coach])).toEqual([
        ['Watch the experts', 1, false, true],
        ['Try w/o help', 2, false, true],
      ]);
      // 3 levels + 3 more would be 6
      expectFailure(
        await a.as.admin.post('/api/v1/sims/generate-sim', {
          sim_id: simId,
          levelId: [{ name: 'Try w/ scripts' }, { name: 'Try w/ keywords' }, { name: 'Watch the experts' }],
        }),
        422,
        'RULE_BROKEN',
        M.maxLevels,
      );
      expect(await levelRows(simId)).toHaveLength(3);
    });

    it('needs scripts on level 1; validates; refuses others', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: simId }),
        422,
        'RULE_BROKEN',
        M.nothingToGenerate,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/generate-sim', {
          sim_id: simId,
          levelId: [{ name: 'Try w/ scripts' }, { name: 'Try w/ scripts' }],
        }),
        400,
        'INVALID',
        M.generateNamesUnique,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: simId, levelId: [{ name: 'Level 9' }] }),
        400,
        'INVALID',
      );
      expectFailure(await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: simId, levelId: [] }), 400, 'INVALID');
      const { simId: bSim } = await trainingSimWithScripts(ctx, b.users.admin);
      expectFailure(await a.as.admin.post('/api/v1/sims/generate-sim', { sim_id: bSim }), 404, 'NOT_FOUND');
      expect(await levelRows(bSim)).toHaveLength(1);
      expectFailure(await a.as.supervisor.post('/api/v1/sims/generate-sim', { sim_id: simId }), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post('/api/v1/sims/generate-sim', { sim_id: simId }), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/generate-sim', { sim_id: simId }), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/sims/copy-hint-text', () => {
    it('copies the hint texts to the same lines of another level', async () => {
      const { simId, levelId, sim } = await trainingSimWithScripts(ctx, a.users.admin);
      const target = (
        (await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Target' })).json() as {
          level: TLevel;
        }
      ).level;
      const line = sim.levels[0].scripts[2];
      const copied = await addScript(
        a.as.admin,
        simId,
        target._id,
        characterOf(sim, 'agent'),
        line.script.toUpperCase(),
      );
      const other = await addScript(a.as.admin, simId, target._id, characterOf(sim, 'customer'), 'Unrelated line.', {
        hint_text: 'keep me',
      });
      const res = await a.as.admin.post('/api/v1/sims/copy-hint-text', {
        sim_id: simId,
        level_id: levelId,
        import_to_levelId: target._id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.hintsImported, updated: 1 });
      const hint = async (id: string) =>
        (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0].hintText;
      expect(await hint(copied.sim_script_id)).toBe('Offer a Monday slot');
      expect(await hint(other.sim_script_id)).toBe('keep me');

      const empty = (
        (await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Empty' })).json() as { level: TLevel }
      ).level;
      expectFailure(
        await a.as.admin.post('/api/v1/sims/copy-hint-text', {
          sim_id: simId,
          level_id: levelId,
          import_to_levelId: empty._id,
        }),
        422,
        'RULE_BROKEN',
        M.hintsNotImported,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/copy-hint-text', {
          sim_id: simId,
          level_id: levelId,
          import_to_levelId: levelId,
        }),
        400,
        'INVALID',
        M.sameLevel,
      );
      const bSim = await trainingSim(ctx, b.users.admin);
      const [bLevel] = await levelRows(bSim);
      expectFailure(
        await a.as.admin.post('/api/v1/sims/copy-hint-text', {
          sim_id: simId,
          level_id: levelId,
          import_to_levelId: bLevel.id,
        }),
        404,
        'NOT_FOUND',
      );
      const body = { sim_id: simId, level_id: levelId, import_to_levelId: target._id };
      expectFailure(await a.as.supervisor.post('/api/v1/sims/copy-hint-text', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post('/api/v1/sims/copy-hint-text', body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post('/api/v1/sims/copy-hint-text', body), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/sims/set-criteria and /remove-sim-passFail', () => {
    it('sets the criteria on a level, moves them to another level, and removes them', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const [first] = await levelRows(simId);
      const res = await a.as.manager.post('/api/v1/sims/set-criteria', {
        sim_id: simId,
        sim_level_id: first.id,
        threshold_keyword_accuracy: '75',
        threshold_typing_accuracy: '',
        threshold_data_selection_accuracy: null,
        threshold_overall_accuracy: 66.5,
        disable_threshold_typing_accuracy: true,
        disable_threshold_data_selection_accuracy: true,
        allow_skip_levels: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: M.criteriaSet,
        pass_fail: {
          sim_id: simId,
          sim_level_id: first.id,
          threshold_keyword_accuracy: 75,
          threshold_typing_accuracy: null,
          threshold_data_selection_accuracy: null,
          threshold_overall_accuracy: 66.5,
          disable_threshold_keyword_accuracy: false,
          disable_threshold_typing_accuracy: true,
          allow_skip_levels: true,
          status: 'set',
        },
      });
      expect((await simRow(simId)).isPassFailCriteriaSet).toBe(true);
      const current = (await a.as.admin.get(`/api/v1/sims/current-sim?id=${simId}`)).json() as {
        sim: { pass_fail: { _id: string }; pass_fail_id: string };
      };
      expect(current.sim.pass_fail_id).toBe(current.sim.pass_fail._id);

      const second = (
        (await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Second' })).json() as {
          level: TLevel;
        }
      ).level;
      await a.as.admin.post('/api/v1/sims/set-criteria', {
        sim_id: simId,
        sim_level_id: second._id,
        threshold_overall_accuracy: 90,
      });
      const rows = await ctx.db.select().from(simPassFail).where(eq(simPassFail.simId, simId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        simLevelId: second._id,
        thresholdOverallAccuracy: 90,
        thresholdKeywordAccuracy: null,
      });

      const remove = '/api/v1/sims/remove-sim-passFail';
      expectFailure(
        await a.as.admin.post(remove, { sim_id: simId, sim_level_id: first.id }),
        404,
        'NOT_FOUND',
        M.noCriteriaOnLevel,
      );
      const removed = await a.as.admin.post(remove, { sim_id: simId, sim_level_id: second._id });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ success: true, message: M.criteriaRemoved });
      expect(await ctx.db.select().from(simPassFail).where(eq(simPassFail.simId, simId))).toEqual([]);
      expect((await simRow(simId)).isPassFailCriteriaSet).toBe(false);
    });

    it('validates the thresholds and refuses others', async () => {
      const simId = await trainingSim(ctx, a.users.admin);
      const [level] = await levelRows(simId);
      const set = (body: Record<string, unknown>) =>
        a.as.admin.post('/api/v1/sims/set-criteria', { sim_id: simId, sim_level_id: level.id, ...body });
      expectFailure(await set({ threshold_overall_accuracy: 101 }), 400, 'INVALID', M.thresholdRange);
      expectFailure(await set({ threshold_keyword_accuracy: -1 }), 400, 'INVALID', M.thresholdRange);
      expectFailure(await set({ threshold_keyword_accuracy: 'abc' }), 400, 'INVALID', M.thresholdRange);
      expectFailure(await set({ sim_level_id: 'x' }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/sims/remove-sim-passFail', { sim_id: simId }), 400, 'INVALID');
      const bSim = await trainingSim(ctx, b.users.admin);
      const [bLevel] = await levelRows(bSim);
      expectFailure(await set({ sim_level_id: bLevel.id }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post('/api/v1/sims/set-criteria', { sim_id: bSim, sim_level_id: bLevel.id }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/sims/remove-sim-passFail', { sim_id: bSim, sim_level_id: bLevel.id }),
        404,
        'NOT_FOUND',
      );
      const body = { sim_id: simId, sim_level_id: level.id };
      for (const url of ['/api/v1/sims/set-criteria', '/api/v1/sims/remove-sim-passFail']) {
        expectFailure(await a.as.supervisor.post(url, body), 403, 'FORBIDDEN');
        expectFailure(await a.as.agent.post(url, body), 403, 'FORBIDDEN');
        expectFailure(await a.as.nobody.post(url, body), 401, 'UNAUTHORIZED');
      }
      expect((await simRow(bSim)).isPassFailCriteriaSet).toBe(false);
    });
  });

  it('marks the sim updated when its content changes', async () => {
    const simId = await trainingSim(ctx, a.users.admin);
    const later = new Date(Date.now() + 3_600_000);
    const clock = ctx.deps.now;
    ctx.deps.now = () => later;
    try {
      await a.as.admin.post('/api/v1/sims/add-level', { sim_id: simId, name: 'Later' });
    } finally {
      ctx.deps.now = clock;
    }
    expect((await simRow(simId)).updatedAt).toEqual(later);
  });
});
