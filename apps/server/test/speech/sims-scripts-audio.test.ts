import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTHORING_MESSAGES, SPEECH_MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { simScripts } from '../../src/db/schema/index';
import {
  addScript,
  buildSim,
  characterOf,
  expectFailure,
  fullSim,
  simWithScripts,
  staffedCompany,
  testApp,
} from '../factories';

const M = AUTHORING_MESSAGES;

/** The audio of scripts and Try Test on the real speech engines (vitest project `speech`). */
describe('sim scripts: audio and try-outs', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const scriptRow = async (id: string) => (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0];

  describe('audio and Try Test (real speech engines)', () => {
    const line = 'I can schedule your appointment with the cardiologist on Monday morning.';
    const wrongLine = 'Please hold while I transfer you to the billing department.';
    let simId: string;
    let agentScript: string;
    let wrongScript: string;

    beforeAll(async () => {
      simId = await buildSim(ctx, a.users.admin);
      const sim = await fullSim(a.as.admin, simId);
      const levelId = sim.levels[0]._id;
      agentScript = (
        await addScript(a.as.admin, simId, levelId, characterOf(sim, 'agent'), line, {
          keywords: ['schedule', 'Monday'],
          tests: [{ name: 'Day', keywords: ['Monday | Tuesday'], confidence: 100 }],
        })
      ).sim_script_id;
      wrongScript = (await addScript(a.as.admin, simId, levelId, characterOf(sim, 'customer'), wrongLine))
        .sim_script_id;
    });

    const generate = (scriptId: string, voice?: string) =>
      a.as.admin.post('/api/v1/sims/generate-voice', { sim_id: simId, sim_script_id: scriptId, voice });

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
      const sim = await fullSim(a.as.supervisor, simId);
      const script = sim.levels[0].scripts.find((s) => s._id === agentScript);
      expect(script).toMatchObject({ audio_key: body.audio_key, audio_source: 'generated', voice: 'Joanna' });
      expect(script?.audio_url).toMatch(/^\/api\/v1\/files\/tts\//);
      // another voice on request
      const matthew = (await generate(wrongScript, 'Matthew')).json() as { voice: string; audio_key: string };
      expect(matthew.voice).toBe('Matthew');
      expect((await scriptRow(wrongScript)).audioKey).toBe(matthew.audio_key);
    });

    it('refuses a bad voice (400), another company (404), supervisors and agents (403), the signed out (401)', async () => {
      expectFailure(await generate(agentScript, 'Siri'), 400, 'INVALID');
      const { simId: bSim, sim: bFull } = await simWithScripts(ctx, b.users.admin);
      const bScript = bFull.levels[0].scripts[0]._id;
      const url = '/api/v1/sims/generate-voice';
      expectFailure(await a.as.admin.post(url, { sim_id: bSim, sim_script_id: bScript }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post(url, { sim_id: simId, sim_script_id: bScript }), 404, 'NOT_FOUND');
      expect((await scriptRow(bScript)).audioKey).toBeNull();
      const body = { sim_id: simId, sim_script_id: agentScript };
      expectFailure(await a.as.supervisor.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post(url, body), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.post(url, body), 401, 'UNAUTHORIZED');
    });

    const tryOut = (fields: Record<string, string>, audio?: Buffer, as = a.as.admin) =>
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
      const never = await a.as.supervisor.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`);
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

      const kept = (await a.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`)).json();
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
      const after = (await a.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`)).json();
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
      expectFailure(await tryOut({ script_id: agentScript }), 400, 'INVALID', M.audioOrText);
      expectFailure(
        await tryOut({ script_id: agentScript, sim_level_user_response: '2', transcribed_text: 'x' }),
        400,
        'INVALID',
        M.tryOutOnly,
      );
      expectFailure(await tryOut({ script_id: 'nope', transcribed_text: 'x' }), 400, 'INVALID');
      const notAudio = await tryOut({ script_id: agentScript }, Buffer.from('not audio at all '.repeat(50)));
      expectFailure(notAudio, 400, 'INVALID', SPEECH_MESSAGES.audioUnsupported);
      const json = await a.as.admin.post('/api/v1/sims/grade-transcription', { script_id: agentScript });
      expectFailure(json, 415, 'UNSUPPORTED_TYPE');
      const { sim: bFull } = await simWithScripts(ctx, b.users.admin);
      const bScript = bFull.levels[0].scripts[2]._id;
      expectFailure(await tryOut({ script_id: bScript, transcribed_text: 'schedule monday' }), 404, 'NOT_FOUND');
      expect((await scriptRow(bScript)).lastTryOut).toBeNull();
      expectFailure(
        await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.as.supervisor),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.as.agent),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await tryOut({ script_id: agentScript, transcribed_text: 'x' }, undefined, a.as.nobody),
        401,
        'UNAUTHORIZED',
      );
      expectFailure(await a.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${bScript}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/sims/get-missed-correct-keywords?id=1'), 400, 'INVALID');
      expectFailure(
        await a.as.agent.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.nobody.get(`/api/v1/sims/get-missed-correct-keywords?id=${agentScript}`),
        401,
        'UNAUTHORIZED',
      );
    });
  });
});
