import {
  AUDIO_JOB_MESSAGES,
  DEFAULT_CHARACTERS,
  JOB_KINDS,
  SPEECH_MESSAGES,
  type TAudioJob,
  type TCharacter,
  type VoiceName,
} from '@sim/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, simScripts } from '../../src/db/schema/index';
import { SpeechRecognizer } from '../../src/modules/speech/engines/recognizer';
import { LocalTtsProvider } from '../../src/modules/speech/engines/tts/tts-local';
import { EngineUnavailableError, type TtsProvider } from '../../src/modules/speech/engines/types';
import {
  buildScript,
  buildSim,
  type Caller,
  charactersOf,
  expectFailure,
  fullSim,
  levelsOf,
  MISSING_ID,
  staffedCompany,
  type TestUser,
  testApp,
  unique,
} from '../factories';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The real offline voices, with two controls for the tests: a line can be made to fail (the engine
 * breaks), and a line can be held (the test knows the job reached it, and lets it go on when it wants).
 */
class ControlledTts implements TtsProvider {
  private readonly real = new LocalTtsProvider();
  readonly version = this.real.version;
  readonly calls: { text: string; voice: VoiceName }[] = [];
  private readonly failing = new Set<string>();
  private readonly gates = new Map<string, { reached: Deferred; release: Deferred }>();

  status() {
    return this.real.status();
  }

  failOn(text: string) {
    this.failing.add(text);
  }

  /** Holds the synthesis of `text`: `reached` resolves when the job asks for it, `release()` lets it go on. */
  hold(text: string) {
    const gate = { reached: deferred(), release: deferred() };
    this.gates.set(text, gate);
    return { reached: gate.reached.promise, release: () => gate.release.resolve() };
  }

  async synthesize(text: string, voice: VoiceName): Promise<Buffer> {
    this.calls.push({ text, voice });
    const gate = this.gates.get(text);
    if (gate) {
      gate.reached.resolve();
      await gate.release.promise;
    }
    if (this.failing.has(text)) throw new EngineUnavailableError('the voice engine crashed.');
    return this.real.synthesize(text, voice);
  }
}

const START = '/api/v1/sims/levels/generate-missing-audio';
const jobUrl = (id: string) => `/api/v1/sims/audio-jobs/${id}`;
const levelJobUrl = (simId: string, levelId: string) =>
  `/api/v1/sims/levels/audio-job?sim_id=${simId}&level_id=${levelId}`;

describe('bulk audio: generate all missing audio of a level', () => {
  const tts = new ControlledTts();
  const ctx = testApp({}, { deps: { speech: { tts, stt: new SpeechRecognizer() } } });
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  beforeAll(async () => {
    // NODE_ENV=test: the worker is started by the tests that need it (see jobs/plugin.ts)
    ctx.app.jobs.start();
  });

  const scriptRow = async (id: string) => (await ctx.db.select().from(simScripts).where(eq(simScripts.id, id)))[0];
  const jobRow = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const jobsOfLevel = (levelId: string) =>
    ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, JOB_KINDS.levelAudio), sql`${jobs.payload}->>'level_id' = ${levelId}`));

  /** A new sim whose first level holds one script per character type given, each with a line of its own. */
  async function levelWith(author: TestUser, types: TCharacter['type'][]) {
    const simId = await buildSim(ctx, author);
    const [level] = await levelsOf(ctx, simId);
    const characters = await charactersOf(ctx, simId);
    const scripts: { id: string; text: string; voice: string }[] = [];
    for (const [i, type] of types.entries()) {
      const text = `Line ${i + 1} spoken by the ${type}, case ${unique('ref')}.`;
      const saved = await buildScript(ctx, { simId, levelId: level.id, characterId: characters[type], script: text });
      const voice = DEFAULT_CHARACTERS.find((c) => c.type === type)?.voice ?? '';
      scripts.push({ id: saved.id, text, voice });
    }
    return { simId, levelId: level.id, scripts };
  }

  const start = (as: Caller, simId: string, levelId: string) => as.post(START, { sim_id: simId, level_id: levelId });

  async function startJob(as: Caller, simId: string, levelId: string): Promise<TAudioJob> {
    const res = await start(as, simId, levelId);
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { job: TAudioJob }).job;
  }

  async function readJob(as: Caller, id: string): Promise<TAudioJob> {
    const res = await as.get(jobUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: true; job: TAudioJob };
    expect(body.success).toBe(true);
    return body.job;
  }

  it("voices every script without audio in its character's voice; the job ends done 3 of 3", async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'customer', 'agent']);
    const none = await a.as.supervisor.get(levelJobUrl(simId, levelId));
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ success: true, job: null });

    const queued = await startJob(a.as.manager, simId, levelId);
    expect(queued).toMatchObject({
      status: 'queued',
      total: 3,
      done: 0,
      failed: 0,
      error: null,
      sim_id: simId,
      level_id: levelId,
      finished_at: null,
    });
    expect(Date.parse(queued.created_at)).not.toBeNaN();
    const row = await jobRow(queued._id);
    expect(row).toMatchObject({ companyId: a.company.companyId, kind: 'level-audio', createdBy: a.users.manager.id });

    await ctx.app.jobs.drain();
    const done = await readJob(a.as.supervisor, queued._id);
    expect(done).toMatchObject({ _id: queued._id, status: 'done', total: 3, done: 3, failed: 0, error: null });
    expect(Date.parse(done.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(done.created_at));

    for (const s of scripts) {
      const r = await scriptRow(s.id);
      expect(r).toMatchObject({ audioSource: 'generated', voice: s.voice });
      expect(r.audioKey).toMatch(/^tts\/[0-9a-f]+\.mp3$/);
      const blob = await ctx.deps.blobs.get(r.audioKey ?? '');
      expect(blob?.contentType).toBe('audio/mpeg');
      expect(blob?.data.length).toBeGreaterThan(400);
      expect(tts.calls.filter((c) => c.text === s.text)).toEqual([{ text: s.text, voice: s.voice }]);
    }
    // the builder shows the clips
    const level = (await fullSim(a.as.admin, simId)).levels[0];
    for (const s of level.scripts) expect(s.audio_url).toMatch(/^\/api\/v1\/files\/tts\/[0-9a-f]+\.mp3\?exp=/);
    // a reloaded page finds the job of the level
    const again = await a.as.supervisor.get(levelJobUrl(simId, levelId));
    expect((again.json() as { job: TAudioJob }).job).toEqual(done);
  });

  it('leaves the scripts that already have audio (generated, or a recording in use) as they are', async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'agent', 'customer']);
    const [voiced, recorded, bare] = scripts;
    const gen = await a.as.admin.post('/api/v1/sims/generate-voice', {
      sim_id: simId,
      sim_script_id: voiced.id,
      voice: 'Ruth',
    });
    expect(gen.statusCode, gen.body).toBe(200);
    const voicedKey = (await scriptRow(voiced.id)).audioKey;
    await ctx.db
      .update(simScripts)
      .set({ agentRecordedAudio: true, agentRecordedKey: 'recordings/own-take.mp3' })
      .where(eq(simScripts.id, recorded.id));

    const job = await startJob(a.as.admin, simId, levelId);
    expect(job.total).toBe(1);
    await ctx.app.jobs.drain();
    expect(await readJob(a.as.admin, job._id)).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });
    expect(await scriptRow(voiced.id)).toMatchObject({ audioKey: voicedKey, voice: 'Ruth' });
    expect(await scriptRow(recorded.id)).toMatchObject({ audioKey: null, agentRecordedAudio: true });
    expect((await scriptRow(bare.id)).audioKey).not.toBeNull();
    expect(tts.calls.filter((c) => c.text === recorded.text)).toEqual([]);
  });

  it('shows the progress while running, answers the running job to a second start, and resumes on reload', async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'customer', 'agent']);
    const second = tts.hold(scripts[1].text);
    const job = await startJob(a.as.admin, simId, levelId);
    await second.reached; // the first script is voiced, the second is being voiced

    const running = await readJob(a.as.supervisor, job._id);
    expect(running).toMatchObject({ status: 'running', total: 3, done: 1, failed: 0, finished_at: null });
    const resumed = await a.as.supervisor.get(levelJobUrl(simId, levelId));
    expect((resumed.json() as { job: TAudioJob }).job).toEqual(running);
    expect((await scriptRow(scripts[0].id)).audioKey).not.toBeNull();
    expect((await scriptRow(scripts[2].id)).audioKey).toBeNull();

    // one job per level at a time: a second start answers the running job (200), none is added
    const twice = await start(a.as.manager, simId, levelId);
    expect(twice.statusCode, twice.body).toBe(200);
    expect((twice.json() as { job: TAudioJob }).job).toMatchObject({ _id: job._id, status: 'running', done: 1 });
    expect(await jobsOfLevel(levelId)).toHaveLength(1);

    second.release();
    await ctx.app.jobs.drain();
    expect(await readJob(a.as.admin, job._id)).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });

    // once it has ended, a new start makes a new job; with nothing left to voice it ends done 0 of 0
    const next = await startJob(a.as.admin, simId, levelId);
    expect(next._id).not.toBe(job._id);
    expect(next.total).toBe(0);
    await ctx.app.jobs.drain();
    expect(await readJob(a.as.admin, next._id)).toMatchObject({ status: 'done', total: 0, done: 0, failed: 0 });
    const newest = await a.as.admin.get(levelJobUrl(simId, levelId));
    expect((newest.json() as { job: TAudioJob }).job._id).toBe(next._id);
  });

  it('counts a script whose voice fails in `failed` and voices the others', async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'customer', 'agent']);
    tts.failOn(scripts[1].text);
    const job = await startJob(a.as.admin, simId, levelId);
    await ctx.app.jobs.drain();
    expect(await readJob(a.as.admin, job._id)).toMatchObject({
      status: 'done',
      total: 3,
      done: 2,
      failed: 1,
      error: null,
    });
    expect((await scriptRow(scripts[0].id)).audioKey).not.toBeNull();
    expect((await scriptRow(scripts[1].id)).audioKey).toBeNull();
    expect((await scriptRow(scripts[2].id)).audioKey).not.toBeNull();
    const { result } = await jobRow(job._id);
    expect(result).toEqual({
      failures: [{ script_id: scripts[1].id, message: `${SPEECH_MESSAGES.ttsUnavailable} the voice engine crashed.` }],
    });
  });

  it('takes the scripts deleted or voiced by hand meanwhile off the total', async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'customer', 'agent', 'other']);
    const first = tts.hold(scripts[0].text);
    const job = await startJob(a.as.admin, simId, levelId);
    expect(job.total).toBe(4);
    await first.reached;
    const del = await a.as.admin.post('/api/v1/sims/delete-script', { sim_id: simId, script_id: scripts[2].id });
    expect(del.statusCode, del.body).toBe(200);
    const byHand = await a.as.admin.post('/api/v1/sims/generate-voice', {
      sim_id: simId,
      sim_script_id: scripts[1].id,
      voice: 'Ruth',
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    first.release();
    await ctx.app.jobs.drain();
    expect(await readJob(a.as.admin, job._id)).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    expect(tts.calls.filter((c) => c.text === scripts[2].text)).toEqual([]);
    // the author's voice is kept: the job did not voice that script again
    expect(tts.calls.filter((c) => c.text === scripts[1].text)).toEqual([{ text: scripts[1].text, voice: 'Ruth' }]);
    expect(await scriptRow(scripts[1].id)).toMatchObject({ voice: 'Ruth' });
    expect((await scriptRow(scripts[3].id)).audioKey).not.toBeNull();
  });

  it('fails the job when its sim goes to the trash meanwhile; a trashed sim cannot start one', async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach', 'customer']);
    const first = tts.hold(scripts[0].text);
    const job = await startJob(a.as.admin, simId, levelId);
    await first.reached;
    const trash = await a.as.admin.post('/api/v1/sims/delete', { sim_id: simId });
    expect(trash.statusCode, trash.body).toBe(200);
    first.release();
    await ctx.app.jobs.drain();
    const failed = await readJob(a.as.admin, job._id);
    expect(failed).toMatchObject({ status: 'failed', error: AUDIO_JOB_MESSAGES.simGone, done: 0 });
    expect(failed.finished_at).not.toBeNull();
    expect((await scriptRow(scripts[0].id)).audioKey).toBeNull();
    expect(tts.calls.filter((c) => c.text === scripts[1].text)).toEqual([]);
    // in the trash: the job is still readable, a new one is refused like every change (404)
    const latest = await a.as.supervisor.get(levelJobUrl(simId, levelId));
    expect((latest.json() as { job: TAudioJob }).job?._id).toBe(job._id);
    expectFailure(await start(a.as.admin, simId, levelId), 404, 'NOT_FOUND');
    expect(await jobsOfLevel(levelId)).toHaveLength(1);
  });

  it('refuses bad input with 400 and an unknown level with 404', async () => {
    const { simId, levelId } = await levelWith(a.users.admin, ['agent']);
    const other = await levelWith(a.users.admin, ['agent']);
    expectFailure(await a.as.admin.post(START, { sim_id: simId }), 400, 'INVALID');
    expectFailure(
      await a.as.admin.post(START, { sim_id: 'abc', level_id: levelId }),
      400,
      'INVALID',
      'This id is not valid.',
    );
    expectFailure(await a.as.admin.post(START, { sim_id: simId, level_id: MISSING_ID }), 404, 'NOT_FOUND');
    expectFailure(await a.as.admin.post(START, { sim_id: MISSING_ID, level_id: levelId }), 404, 'NOT_FOUND');
    expectFailure(await a.as.admin.post(START, { sim_id: simId, level_id: other.levelId }), 404, 'NOT_FOUND'); // another sim's level
    expectFailure(await a.as.admin.get(jobUrl('abc')), 400, 'INVALID', 'This id is not valid.');
    expectFailure(await a.as.admin.get(jobUrl(MISSING_ID)), 404, 'NOT_FOUND');
    expectFailure(await a.as.admin.get(`/api/v1/sims/levels/audio-job?sim_id=${simId}`), 400, 'INVALID');
    expectFailure(await a.as.admin.get(levelJobUrl(simId, other.levelId)), 404, 'NOT_FOUND');
    expect(await jobsOfLevel(levelId)).toHaveLength(0);
    expect(await jobsOfLevel(other.levelId)).toHaveLength(0);
  });

  it('needs sim_list update to start and view to read: supervisors read, agents and the signed out cannot', async () => {
    const { simId, levelId } = await levelWith(a.users.admin, ['customer']);
    expectFailure(await start(a.as.supervisor, simId, levelId), 403, 'FORBIDDEN');
    expectFailure(await start(a.as.agent, simId, levelId), 403, 'FORBIDDEN');
    expectFailure(await start(a.as.nobody, simId, levelId), 401, 'UNAUTHORIZED');
    expect(await jobsOfLevel(levelId)).toHaveLength(0);
    const job = await startJob(a.as.admin, simId, levelId);
    await ctx.app.jobs.drain();
    expect((await readJob(a.as.supervisor, job._id)).status).toBe('done');
    expectFailure(await a.as.agent.get(jobUrl(job._id)), 403, 'FORBIDDEN');
    expectFailure(await a.as.nobody.get(jobUrl(job._id)), 401, 'UNAUTHORIZED');
    expectFailure(await a.as.agent.get(levelJobUrl(simId, levelId)), 403, 'FORBIDDEN');
    expectFailure(await a.as.nobody.get(levelJobUrl(simId, levelId)), 401, 'UNAUTHORIZED');
  });

  it("answers 404 for another company's sim, level and job", async () => {
    const { simId, levelId, scripts } = await levelWith(a.users.admin, ['coach']);
    const job = await startJob(a.as.admin, simId, levelId);
    await ctx.app.jobs.drain();
    expectFailure(await start(b.as.admin, simId, levelId), 404, 'NOT_FOUND');
    expectFailure(await b.as.admin.get(jobUrl(job._id)), 404, 'NOT_FOUND');
    expectFailure(await b.as.admin.get(levelJobUrl(simId, levelId)), 404, 'NOT_FOUND');
    // b's own sim with a's level id
    const bSim = await buildSim(ctx, b.users.admin);
    expectFailure(await b.as.admin.post(START, { sim_id: bSim, level_id: levelId }), 404, 'NOT_FOUND');
    expect(await jobsOfLevel(levelId)).toHaveLength(1);
    expect((await scriptRow(scripts[0].id)).audioKey).not.toBeNull(); // a's own job did run
  });
});
