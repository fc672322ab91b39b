import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTHORING_MESSAGES, GRADING_MESSAGES, SPEECH_MESSAGES, type TScript } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simLevels, simScripts } from '../src/db/schema/index';
import { buildTestApp, type TestContext } from './helpers';
import {
  type AuthoringCompany,
  addScript,
  buildAuthoringCompany,
  characterOf,
  createSim,
  expectError,
  fullSim,
  MISSING_ID,
  simWithScripts,
} from './sims-fixtures';

const M = AUTHORING_MESSAGES;

describe('sim scripts, keywords, audio and try-outs', () => {
  let ctx: TestContext;
  let a: AuthoringCompany;
  let b: AuthoringCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [a, b] = await Promise.all([buildAuthoringCompany(ctx), buildAuthoringCompany(ctx)]);
  });
  afterAll(() => ctx.close());

  const scriptRows = (levelId: string) =>
    ctx.db.select().from(simScripts).where(eq(simScripts.simLevelId, levelId)).orderBy(asc(simScripts.sortOrder));
  const scriptRow = async (id: string) => (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0];

  describe('POST /api/v1/sims/scripts', () => {
    it('creates scripts in order, inserts at an order and moves one; order runs from 1', async () => {
      const simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
      const levelId = sim.levels[0]._id;
      const customer = characterOf(sim, 'customer');
      const agent = characterOf(sim, 'agent');
      const res = await a.sim.manager.post('/api/v1/sims/scripts', {
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

      const second = await addScript(a.sim.admin, simId, levelId, customer, 'Second line');
      expect(second.script.order).toBe(2);
      const first = await addScript(a.sim.admin, simId, levelId, customer, 'Now first', { order: 1 });
      expect((await scriptRows(levelId)).map((s) => [s.script, s.sortOrder])).toEqual([
        ['Now first', 1],
        ['Thank you for calling.\nHow can I help?', 2],
        ['Second line', 3],
      ]);
      // update: move to the end and change the text; fields left out are kept
      const moved = await a.sim.admin.post('/api/v1/sims/scripts', {
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
      await a.sim.admin.post('/api/v1/sims/scripts', { _id: body.sim_script_id, sim_id: simId, hint_text: 'New hint' });
      expect(await scriptRow(body.sim_script_id)).toMatchObject({
        hintText: 'New hint',
        keywords: ['thank you', 'help | assist'],
        overalConfidence: 70,
        simCharacterId: agent,
      });
    });

    it('creates the level with is_level when the script has none', async () => {
      const simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
      const res = await a.sim.admin.post('/api/v1/sims/scripts', {
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
      expectError(
        await a.sim.admin.post('/api/v1/sims/scripts', {
          sim_id: simId,
          sim_character_id: characterOf(sim, 'customer'),
          script: 'x',
        }),
        400,
        M.levelRequired,
      );
    });

    it('answers 400 with the messages for bad keywords, tests and text', async () => {
      const simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
      const base = {
        sim_id: simId,
        sim_level_id: sim.levels[0]._id,
        sim_character_id: characterOf(sim, 'agent'),
        script: 'A line',
      };
      const save = (extra: Record<string, unknown>) => a.sim.admin.post('/api/v1/sims/scripts', { ...base, ...extra });
      expectError(await save({ keywords: ['refund & credit | card'] }), 400, GRADING_MESSAGES.mixedOperators);
      expectError(await save({ tests: [{ name: ' ', keywords: ['x'] }] }), 400, GRADING_MESSAGES.testNameRequired);
      expectError(await save({ tests: [{ name: 'T', keywords: [] }] }), 400, GRADING_MESSAGES.testKeywordRequired);
      expectError(await save({ script: '   ' }), 400, M.scriptRequired);
      expectError(await save({ script: undefined }), 400, M.scriptRequired);
      expectError(await save({ sim_character_id: undefined }), 400, M.characterRequired);
      expectError(await save({ overalConfidence: 101 }), 400);
      expectError(await save({ order: 0 }), 400);
      // keywords are split on commas and kept unique
      const ok = await save({ keywords: ['refund, Refund!', 'card'] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as { script: TScript }).script.keywords).toEqual(['refund', 'card']);
      expect(await scriptRows(sim.levels[0]._id)).toHaveLength(1);
    });

    it('refuses the 201st script of a level with 422', async () => {
      const simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
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
      const twoHundredth = await addScript(a.sim.admin, simId, levelId, characterId, 'Line 200');
      expect(twoHundredth.script.order).toBe(200);
      const refused = await a.sim.admin.post('/api/v1/sims/scripts', {
        sim_id: simId,
        sim_level_id: levelId,
        sim_character_id: characterId,
        script: 'Line 201',
      });
      expectError(refused, 422, M.maxScripts);
      expect(await scriptRows(levelId)).toHaveLength(200);
    });

    it('refuses another company sim, level, character and script (404), supervisors, agents, the signed out', async () => {
      const simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
      const { simId: bSim, sim: bFull } = await simWithScripts(b.sim.admin);
      const body = {
        sim_id: simId,
        sim_level_id: sim.levels[0]._id,
        sim_character_id: characterOf(sim, 'agent'),
        script: 'x',
      };
      const url = '/api/v1/sims/scripts';
      expectError(await a.sim.admin.post(url, { ...body, sim_id: bSim }), 404);
      expectError(await a.sim.admin.post(url, { ...body, sim_level_id: bFull.levels[0]._id }), 404);
      expectError(await a.sim.admin.post(url, { ...body, sim_character_id: characterOf(bFull, 'agent') }), 404);
      expectError(
        await a.sim.admin.post(url, { _id: bFull.levels[0].scripts[0]._id, sim_id: simId, script: 'stolen' }),
        404,
      );
      expectError(await a.sim.admin.post(url, { ...body, _id: MISSING_ID }), 404);
      expect((await scriptRow(bFull.levels[0].scripts[0]._id)).script).not.toBe('stolen');
      expectError(await a.sim.supervisor.post(url, body), 403);
      expectError(await a.sim.agent.post(url, body), 403);
      expectError(await a.sim.nobody.post(url, body), 401);
      expect(await scriptRows(sim.levels[0]._id)).toHaveLength(0);
    });
  });

  describe('POST /api/v1/sims/keywords and /delete-script', () => {
    it('saves keywords split on commas, unique, and reports the duplicates', async () => {
      const { simId, sim } = await simWithScripts(a.sim.admin);
      const scriptId = sim.levels[0].scripts[2]._id;
      const res = await a.sim.admin.post('/api/v1/sims/keywords', {
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
      const mixed = await a.sim.admin.post('/api/v1/sims/keywords', {
        sim_id: simId,
        script_id: scriptId,
        keywords: ['a & b | c'],
      });
      expectError(mixed, 400, GRADING_MESSAGES.mixedOperators);
      expect((await scriptRow(scriptId)).keywords).toEqual(['appointment', 'Monday | Tuesday']);
      const { simId: bSim, sim: bFull } = await simWithScripts(b.sim.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      expectError(
        await a.sim.admin.post('/api/v1/sims/keywords', { sim_id: bSim, script_id: bScript, keywords: 'x' }),
        404,
      );
      expectError(
        await a.sim.admin.post('/api/v1/sims/keywords', { sim_id: simId, script_id: bScript, keywords: 'x' }),
        404,
      );
      const body = { sim_id: simId, script_id: scriptId, keywords: 'x' };
      expectError(await a.sim.supervisor.post('/api/v1/sims/keywords', body), 403);
      expectError(await a.sim.agent.post('/api/v1/sims/keywords', body), 403);
      expectError(await a.sim.nobody.post('/api/v1/sims/keywords', body), 401);
    });

    it('deletes a script and numbers the level from 1 again', async () => {
      const { simId, levelId, sim } = await simWithScripts(a.sim.admin);
      const second = sim.levels[0].scripts[1]._id;
      const res = await a.sim.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: second });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.scriptDeleted });
      const rows = await scriptRows(levelId);
      expect(rows.map((s) => s.sortOrder)).toEqual([1, 2, 3]);
      expect(rows.some((s) => s.id === second)).toBe(false);
      expectError(await a.sim.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: second }), 404);
      const { simId: bSim, sim: bFull } = await simWithScripts(b.sim.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      expectError(await a.sim.admin.post('/api/v1/sims/delete-script', { sim_id: bSim, script_id: bScript }), 404);
      expectError(await a.sim.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: bScript }), 404);
      expect(await scriptRow(bScript)).toBeDefined();
      expectError(await a.sim.admin.post('/api/v1/sims/delete-script', { sim_id: simId }), 400);
      const body = { sim_id: simId, script_id: rows[0].id };
      expectError(await a.sim.supervisor.post('/api/v1/sims/delete-script', body), 403);
      expectError(await a.sim.agent.post('/api/v1/sims/delete-script', body), 403);
      expectError(await a.sim.nobody.post('/api/v1/sims/delete-script', body), 401);
    });
  });

  describe('audio and Try Test (real speech engines)', () => {
    const line = 'I can schedule your appointment with the cardiologist on Monday morning.';
    const wrongLine = 'Please hold while I transfer you to the billing department.';
    let simId: string;
    let agentScript: string;
    let wrongScript: string;

    beforeAll(async () => {
      simId = await createSim(a.sim.admin);
      const sim = await fullSim(a.sim.admin, simId);
      const levelId = sim.levels[0]._id;
      agentScript = (
        await addScript(a.sim.admin, simId, levelId, characterOf(sim, 'agent'), line, {
          keywords: ['schedule', 'Monday'],
          tests: [{ name: 'Day', keywords: ['Monday | Tuesday'], confidence: 100 }],
        })
      ).sim_script_id;
      wrongScript = (await addScript(a.sim.admin, simId, levelId, characterOf(sim, 'customer'), wrongLine))
        .sim_script_id;
    });

    const generate = (scriptId: string, voice?: string) =>
      a.sim.admin.post('/api/v1/sims/generate-voice', { sim_id: simId, sim_script_id: scriptId, voice });

    it('generates the audio with the speech service, keeps its key and serves the MP3 through the signed URL', async () => {
      const res = await generate(agentScript);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { audio_url: string; expiry_date: string; audio_key: string; voice: string };
      expect(body).toMatchObject({ success: true, message: M.voiceGenerated, voice: 'Joanna' }); // the agent's voice
      expect(body.audio_url).toMatch(/^\/api\/v1\/files\/tts\/[0-9a-f]+\.mp3\?exp=\d+&sig=/);
      expect(Date.parse(body.expiry_date)).toBeGreaterThan(Date.now() + 3_600_000);
      expect(await scriptRow(agentScript)).toMatchObject({
        audioKey: body.audio_key,
        audioSource: 'generated',
        voice: 'Joanna',
      });
      // the signed URL needs no token and answers the MP3
      const mp3 = await ctx.app.inject({ method: 'GET', url: body.audio_url });
      expect(mp3.statusCode).toBe(200);
      expect(mp3.headers['content-type']).toBe('audio/mpeg');
      const file = path.join(os.tmpdir(), `sim-voice-${process.pid}.mp3`);
      fs.writeFileSync(file, mp3.rawPayload);
      try {
        const probe = execFileSync('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'format=format_name,duration',
          '-of',
          'csv=p=0',
          file,
        ]);
        const [format, duration] = probe.toString().trim().split(',');
        expect(format).toBe('mp3');
        expect(Number(duration)).toBeGreaterThan(1.5);
      } finally {
        fs.rmSync(file, { force: true });
      }
      const tampered = body.audio_url.replace(/sig=[^&]{4}/, 'sig=AAAA');
      expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
      // full-details signs the same clip
      const sim = await fullSim(a.sim.supervisor, simId);
      const script = sim.levels[0].scripts.find((s) => s._id === agentScript);
      expect(script).toMatchObject({ audio_key: body.audio_key, audio_source: 'generated', voice: 'Joanna' });
      expect(script?.audio_url).toMatch(/^\/api\/v1\/files\/tts\//);
      // another voice on request
      const matthew = (await generate(wrongScript, 'Matthew')).json() as { voice: string; audio_key: string };
      expect(matthew.voice).toBe('Matthew');
      expect((await scriptRow(wrongScript)).audioKey).toBe(matthew.audio_key);
    });

    it('refuses a bad voice (400), another company (404), supervisors and agents (403), the signed out (401)', async () => {
      expectError(await generate(agentScript, 'Siri'), 400);
      const { simId: bSim, sim: bFull } = await simWithScripts(b.sim.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      const url = '/api/v1/sims/generate-voice';
      expectError(await a.sim.admin.post(url, { sim_id: bSim, sim_script_id: bScript }), 404);
      expectError(await a.sim.admin.post(url, { sim_id: simId, sim_script_id: bScript }), 404);
      expect((await scriptRow(bScript)).audioKey).toBeNull();
      const body = { sim_id: simId, sim_script_id: agentScript };
      expectError(await a.sim.supervisor.post(url, body), 403);
      expectError(await a.sim.agent.post(url, body), 403);
      expectError(await a.sim.nobody.post(url, body), 401);
    });

    const tryOut = (fields: Record<string, string>, audio?: Buffer, as = a.sim.admin) =>
      as.form(
        '/api/v1/sims/grade-transcription',
        { sim_level_user_response: '1', ...fields },
        audio ? [{ field: 'audio_blob', filename: 'take.mp3', contentType: 'audio/mpeg', data: audio }] : [],
      );
    const speak = async (text: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/speech/synthesize',
        headers: { authorization: `Bearer ${a.tokens.admin}` },
        payload: { text, voice: 'Joanna' },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };

    it('grades a spoken try-out: the right line passes, a wrong line fails, and the result is kept', async () => {
      const never = await a.sim.supervisor.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`);
      expect(never.statusCode, never.body).toBe(200);
      expect(never.json()).toEqual({
        success: true,
        script_id: agentScript,
        graded: false,
        correctKeywords: [],
        missedKeywords: ['schedule', 'Monday'],
        grade_score: null,
        passed: null,
        transcription: null,
        graded_at: null,
      });

      const right = await tryOut({ script_id: agentScript }, await speak(line));
      expect(right.statusCode, right.body).toBe(200);
      const passed = right.json() as Record<string, unknown>;
      expect(passed).toMatchObject({
        success: true,
        script_id: agentScript,
        passed: true,
        grade_score: 100,
        correctKeywords: ['schedule', 'Monday'],
        missedKeywords: [],
        overalConfidence: 60,
      });
      expect(passed.transcription).toMatch(/monday/i);
      expect(passed.tests_matched).toEqual([expect.objectContaining({ name: 'Day', passed: true })]);

      const kept = (await a.sim.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`)).json();
      expect(kept).toMatchObject({
        graded: true,
        correctKeywords: ['schedule', 'Monday'],
        passed: true,
        grade_score: 100,
      });

      const wrong = await tryOut({ script_id: agentScript }, await speak(wrongLine));
      expect(wrong.statusCode, wrong.body).toBe(200);
      expect(wrong.json()).toMatchObject({
        passed: false,
        correctKeywords: [],
        missedKeywords: ['schedule', 'Monday'],
      });
      expect((wrong.json() as { missed_tests: unknown[] }).missed_tests).toHaveLength(1);
      const after = (await a.sim.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`)).json();
      expect(after).toMatchObject({ graded: true, passed: false, missedKeywords: ['schedule', 'Monday'] });
    });

    it('grades transcribed_text without audio', async () => {
      const res = await tryOut({ script_id: agentScript, transcribed_text: 'we can schedule it for tuesday' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        transcription: 'we can schedule it for tuesday',
        correctKeywords: ['schedule'],
        missedKeywords: ['Monday'],
        keyword_accuracy: 50,
        grade_score: 50,
        passed: false,
      });
    });

    it('validates the form and refuses others', async () => {
      expectError(await tryOut({ script_id: agentScript }), 400, M.audioOrText);
      expectError(
        await tryOut({ script_id: agentScript, sim_level_user_response: '2', transcribed_text: 'x' }),
        400,
        M.tryOutOnly,
      );
      expectError(await tryOut({ script_id: 'nope', transcribed_text: 'x' }), 400);
      const notAudio = await tryOut({ script_id: agentScript }, Buffer.from('not audio at all '.repeat(50)));
      expectError(notAudio, 400, SPEECH_MESSAGES.audioUnsupported);
      const json = await a.sim.admin.post('/api/v1/sims/grade-transcription', { script_id: agentScript });
      expectError(json, 415);
      const { sim: bFull } = await simWithScripts(b.sim.admin);
      const bScript = bFull.levels[0].scripts[2]._id;
      expectError(await tryOut({ script_id: bScript, transcribed_text: 'schedule monday' }), 404);
      expect((await scriptRow(bScript)).lastTryOut).toBeNull();
      expectError(await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.sim.supervisor), 403);
      expectError(await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.sim.agent), 403);
      expectError(await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.sim.nobody), 401);
      expectError(await a.sim.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${bScript}`), 404);
      expectError(await a.sim.admin.get('/api/v1/sims/get-missed-correct-keywords?id=1'), 400);
      expectError(await a.sim.agent.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`), 403);
      expectError(await a.sim.nobody.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`), 401);
    });
  });
});
