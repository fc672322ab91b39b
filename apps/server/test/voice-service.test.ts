import { VOICE_SERVICE_MESSAGES } from '@sim/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attempts, jobs } from '../src/db/schema/index';
import { VOICE_SERVICE_JOB_KIND } from '../src/modules/voice-service/service';
import {
  buildHandOffAttempt,
  type Caller,
  HAND_OFF_LINES,
  type HandOffAttempt,
  handOffWorker,
  probeAudio,
  voiceServiceSuite,
} from './factories';

const MERGE = '/api/v1/sims/snowfly-audio-merge';
const STATUS = (id: string) => `${MERGE}/status?responseId=${id}`;

/**
 * Handing a level's audio to the external voice-recording service, with a local receiver standing in for
 * it: the fields and the merged MP3 it gets (read back by ffprobe), the id kept on the result, and the
 * failures — retried by a worker of hand-off jobs, then stored and shown by the status route.
 */
describe('the hand-off to the voice-recording service', () => {
  const { ctx, a, receiver, clips } = voiceServiceSuite({
    VOICE_SERVICE_RETRY_DELAYS_MS: '100,100',
    VOICE_SERVICE_TOKEN: 'receiver-token',
    VOICE_SERVICE_TIMEOUT_MS: '3000',
  });
  const retries = { worker: null as ReturnType<typeof handOffWorker> | null };
  beforeAll(() => {
    retries.worker = handOffWorker(ctx);
    retries.worker.worker.start();
  });
  afterAll(async () => {
    await retries.worker?.worker.stop();
  });
  afterEach(() => receiver.reset());

  const attemptRow = async (id: string) => (await ctx.db.select().from(attempts).where(eq(attempts.id, id)))[0];
  const jobsOf = (attemptId: string) =>
    ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, VOICE_SERVICE_JOB_KIND), sql`${jobs.payload}->>'attempt_id' = ${attemptId}`));
  /** The attempt's hand-off job once its run is recorded (the answer may come just before). */
  async function finishedJob(attemptId: string) {
    const until = Date.now() + 10_000;
    for (;;) {
      const [job] = await jobsOf(attemptId);
      if (job && job.status !== 'running' && job.status !== 'queued') return job;
      if (Date.now() > until) throw new Error(`the hand-off job of ${attemptId} is still ${job?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const built = (opts: Parameters<typeof buildHandOffAttempt>[4] = {}) =>
    buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips, opts);
  const send = (as: Caller, t: HandOffAttempt) => as.post(MERGE, { responseId: t.attemptId });
  /** The status route until the hand-off leaves `queued`. */
  async function settledStatus(as: Caller, id: string, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await as.get(STATUS(id));
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().status !== 'queued') return res.json();
      if (Date.now() > until) throw new Error(`hand-off of ${id} still queued`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('posts the merged level audio with the spec fields and keeps the id on the result', async () => {
    const t = await built({ order: 2 });
    const res = await send(a.as.agent, t);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { success: true, snowflyId: `sf-${t.attemptId}`, status: 'sent', error: null },
    });
    const [post] = receiver.of(t.attemptId);
    expect(post.fields).toEqual({
      simName: expect.any(String),
      levelName: expect.any(String),
      levelNum: '3',
      simId: t.simId,
      responseId: t.attemptId,
      simLevelId: t.levelId,
      user: a.users.agent.id,
    });
    expect(post.headers.authorization).toBe('Bearer receiver-token');
    expect(post.file).toMatchObject({ name: `${t.attemptId}.mp3`, type: 'audio/mpeg' });
    const audio = await probeAudio(post.file!.data);
    expect(audio).toMatchObject({ format: 'mp3', codec: 'mp3', sampleRate: 22050, channels: 1 });
    const expected = HAND_OFF_LINES.reduce((sum, [, , s]) => sum + s, 0);
    expect(t.seconds).toBe(expected);
    expect(Math.abs(audio.duration - expected)).toBeLessThan(0.35);

    expect(await attemptRow(t.attemptId)).toMatchObject({
      snowflyId: `sf-${t.attemptId}`,
      snowflyStatus: 'sent',
      snowflyError: null,
    });
    const job = await finishedJob(t.attemptId);
    expect(job).toMatchObject({ status: 'done', companyId: a.company.companyId, createdBy: a.users.agent.id });
    expect(job.result).toMatchObject({ outcome: 'sent', lines: 4, merged: 4, skipped: 0 });
    expect((await a.as.supervisor.get(STATUS(t.attemptId))).json()).toEqual({
      success: true,
      status: 'sent',
      snowfly_id: `sf-${t.attemptId}`,
      error: null,
      available: true,
    });
    // sent once: asking again answers the kept id without posting again
    const again = await send(a.as.supervisor, t);
    expect(again.json().data).toMatchObject({ success: true, snowflyId: `sf-${t.attemptId}`, status: 'sent' });
    expect(receiver.of(t.attemptId)).toHaveLength(1);
  });

  it('sends level number order + 1, for a result flagged without its level, skipping lines without audio', async () => {
    const t = await built({ order: 0, levelFlag: false, resultFlag: true, skip: [2] });
    expect((await send(a.as.agent, t)).json().data.status).toBe('sent');
    const [post] = receiver.of(t.attemptId);
    expect(post.fields.levelNum).toBe('1');
    const audio = await probeAudio(post.file!.data);
    expect(Math.abs(audio.duration - t.seconds)).toBeLessThan(0.35);
    expect(t.seconds).toBeCloseTo(3.0);
    const job = await finishedJob(t.attemptId);
    expect(job.result).toMatchObject({ lines: 4, merged: 3, skipped: 1 });
  });

  it('accepts the id as `id` (a number too) or under `data`', async () => {
    for (const body of [{ id: 42 }, { data: { snowflyId: 'nested-7' } }]) {
      receiver.respond(() => ({ status: 201, body }));
      const t = await built();
      expect((await send(a.as.agent, t)).json().data).toMatchObject({
        status: 'sent',
        snowflyId: body.data ? 'nested-7' : '42',
      });
    }
  });

  it('retries a service answering 500, then keeps the id it answers', async () => {
    receiver.respond((post, n) =>
      n === 1
        ? { status: 500, body: { error: 'busy' } }
        : { status: 200, body: { snowflyId: `late-${post.fields.responseId}` } },
    );
    const t = await built();
    const res = await send(a.as.agent, t);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({
      success: true,
      snowflyId: null,
      status: 'queued',
      error: VOICE_SERVICE_MESSAGES.badStatus(500),
    });
    expect(await settledStatus(a.as.agent, t.attemptId)).toMatchObject({
      status: 'sent',
      snowfly_id: `late-${t.attemptId}`,
      error: null,
    });
    expect(receiver.of(t.attemptId)).toHaveLength(2);
    expect((await attemptRow(t.attemptId)).snowflyId).toBe(`late-${t.attemptId}`);
    expect(await finishedJob(t.attemptId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails after three tries of a service that keeps failing: logged, stored, shown, and sent again on asking', async () => {
    receiver.respond(() => ({ status: 503 }));
    const t = await built();
    expect((await send(a.as.agent, t)).statusCode).toBe(202);
    const failed = await settledStatus(a.as.supervisor, t.attemptId);
    expect(failed).toEqual({
      success: true,
      status: 'failed',
      snowfly_id: null,
      error: VOICE_SERVICE_MESSAGES.badStatus(503),
      available: true,
    });
    expect(receiver.of(t.attemptId)).toHaveLength(3);
    expect(await attemptRow(t.attemptId)).toMatchObject({ snowflyStatus: 'failed', snowflyId: null });
    expect(await finishedJob(t.attemptId)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: VOICE_SERVICE_MESSAGES.badStatus(503),
    });
    expect(retries.worker?.errors.some((e) => (e.obj as { attemptId?: string }).attemptId === t.attemptId)).toBe(true);

    receiver.reset();
    const again = await send(a.as.agent, t);
    expect(again.json().data).toMatchObject({ success: true, status: 'sent', snowflyId: `sf-${t.attemptId}` });
    expect(receiver.of(t.attemptId)).toHaveLength(4);
  });

  it('fails at once, without retrying, a refusal, an answer without an id and a level without audio', async () => {
    const cases = [
      {
        answer: { status: 400, body: { error: 'bad' } },
        error: VOICE_SERVICE_MESSAGES.badStatus(400),
        posts: 1,
        skip: [],
      },
      { answer: { status: 200, body: { ok: true } }, error: VOICE_SERVICE_MESSAGES.noId, posts: 1, skip: [] },
      { answer: { status: 200 }, error: VOICE_SERVICE_MESSAGES.noAudio, posts: 0, skip: [0, 1, 2, 3] },
    ];
    for (const c of cases) {
      receiver.respond(() => c.answer);
      const t = await built({ skip: c.skip });
      const res = await send(a.as.agent, t);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ success: false, snowflyId: null, status: 'failed', error: c.error });
      expect(receiver.of(t.attemptId)).toHaveLength(c.posts);
      expect(await attemptRow(t.attemptId)).toMatchObject({ snowflyStatus: 'failed', snowflyError: c.error });
    }
  });

  it('gives up a post the service does not answer in time, and tries again', async () => {
    receiver.respond((post, n) =>
      n === 1
        ? { status: 200, delayMs: 4000, body: { id: 'too-late' } }
        : { status: 200, body: { id: `on-time-${post.fields.responseId}` } },
    );
    const t = await built();
    const res = await send(a.as.agent, t);
    expect(res.json().data).toMatchObject({ status: 'queued', error: VOICE_SERVICE_MESSAGES.timedOut(3) });
    expect(await settledStatus(a.as.agent, t.attemptId)).toMatchObject({
      status: 'sent',
      snowfly_id: `on-time-${t.attemptId}`,
    });
  });

  it('reports failed a hand-off whose job was given up (its instance died), and queues it again on asking', async () => {
    const t = await built();
    await ctx.db.update(attempts).set({ snowflyStatus: 'queued' }).where(eq(attempts.id, t.attemptId));
    await ctx.db.insert(jobs).values({
      companyId: a.company.companyId,
      kind: VOICE_SERVICE_JOB_KIND,
      payload: { attempt_id: t.attemptId },
      status: 'failed',
      error: 'stalled',
    });
    expect((await a.as.agent.get(STATUS(t.attemptId))).json()).toMatchObject({
      status: 'failed',
      error: VOICE_SERVICE_MESSAGES.stalled,
    });
    expect((await send(a.as.agent, t)).json().data).toMatchObject({ status: 'sent', snowflyId: `sf-${t.attemptId}` });
  });
});
