import { recognitionHints, type TStreamServerMessage } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { attemptLines } from '../src/db/schema/index';
import {
  buildAssignment,
  buildTakeSim,
  type Caller,
  learner,
  listen,
  openSpeechSocket,
  recording,
  speechLikePcm,
  speechLikeWav,
  takeSimSuite,
} from './factories';

/**
 * A learner's line graded from the decode its live stream already made (issue 12): the take-sim screen
 * sends the stream's id with the recording; the server uses that stream's final only when it was the
 * learner's own stream, biased with the line's hints, received the whole recording and heard the audio
 * uploaded (issue 30: forgery-stream.test.ts). Otherwise the upload is decoded, as before. The take is a
 * speech-like stand-in (speechLikePcm): the same seconds streamed as PCM and uploaded as WAV.
 */
/** the take's length: long enough to hold the half second of speech the comparison needs */
const TAKE_SECONDS = 2;

describe('grading a line from its live stream', () => {
  const { stt, ctx, a } = takeSimSuite();
  let host = '';
  beforeAll(async () => {
    host = await listen(ctx);
  });
  afterEach(() => {
    stt.said.clear();
    stt.heard.length = 0;
  });

  async function attemptWithLine() {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const spoken = sim.levels[1];
    const line = spoken.agentLines[0];
    const me = learner(a.as.agent, assignment.id);
    const attemptId = await me.start(sim.simId, spoken.id);
    return { line, me, attemptId };
  }

  /** Streams the first `seconds` of the take as 16 kHz PCM with these hints; answers the final message. */
  async function stream(
    token: string,
    hints: { expected: string; keywords: string[] },
    seconds: number,
  ): Promise<Extract<TStreamServerMessage, { type: 'final' }>> {
    const ws: WebSocket = await openSpeechSocket(ctx, host, token);
    const messages: TStreamServerMessage[] = [];
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, ...hints }));
    const pcm = speechLikePcm(seconds);
    for (let i = 0; i < pcm.length; i += 3200) ws.send(pcm.subarray(i, i + 3200));
    ws.send(JSON.stringify({ type: 'stop' }));
    await closed;
    const final = messages.find((m) => m.type === 'final');
    if (final?.type !== 'final') throw new Error(`no final: ${JSON.stringify(messages)}`);
    return final;
  }

  const upload = (as: Caller, attemptId: string, scriptId: string, streamId?: string) =>
    as.form(
      '/api/v1/sims/grade-transcription',
      {
        sim_level_user_response: attemptId,
        script_id: scriptId,
        transcribed_text: 'live text',
        ...(streamId ? { stream_id: streamId } : {}),
      },
      [recording(speechLikeWav(TAKE_SECONDS))],
    );
  const lineRow = async (id: string) => (await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, id)))[0];

  it("grades from the stream's final, without decoding the upload, and keeps its words", async () => {
    const { line, me, attemptId } = await attemptWithLine();
    stt.said.set(line.script, 'i will schedule your visit for monday');
    const final = await stream(a.tokens.agent, recognitionHints(line), TAKE_SECONDS);
    expect(final.stream_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(final.text).toBe('i will schedule your visit for monday');

    const res = await upload(a.as.agent, attemptId, line.id, final.stream_id);
    expect(res.statusCode, res.body).toBe(200);
    const graded = await me.graded(res.json().id);
    expect(graded).toMatchObject({
      status: 'Completed',
      correct_keywords: ['schedule', 'Monday'],
      missed_keywords: [],
      transcription: 'i will schedule your visit for monday',
    });
    expect(stt.heard).toEqual([]); // the upload was not decoded
    const row = await lineRow(res.json().id);
    expect(row.gradedFrom).toBe('stream');
    expect(row.words.map((w) => w.word)).toEqual(['i', 'will', 'schedule', 'your', 'visit', 'for', 'monday']);
    expect(row.audioKey).toMatch(/\.mp3$/);
    expect(await ctx.deps.blobs.exists(row.audioKey!)).toBe(true);
  });

  it('uses a stream once: the same id sent again decodes the upload', async () => {
    const { line, me, attemptId } = await attemptWithLine();
    const final = await stream(a.tokens.agent, recognitionHints(line), TAKE_SECONDS);
    const first = await upload(a.as.agent, attemptId, line.id, final.stream_id);
    await me.graded(first.json().id);
    const again = await upload(a.as.agent, attemptId, line.id, final.stream_id);
    await me.graded(again.json().id);
    expect((await lineRow(again.json().id)).gradedFrom).toBe('upload');
    expect(stt.heard).toHaveLength(1);
  });

  it("decodes the upload when the stream is another user's, had other hints, missed part of the take, or is unknown", async () => {
    const { line, me, attemptId } = await attemptWithLine();
    stt.said.set(line.script, 'i will schedule your visit for monday');
    const cases: [string, () => Promise<string | undefined>][] = [
      // the stream of another learner of the same company
      ['another user', async () => (await stream(a.tokens.agent2, recognitionHints(line), TAKE_SECONDS)).stream_id],
      // biased toward other keywords than the line's
      [
        'other hints',
        async () =>
          (await stream(a.tokens.agent, { ...recognitionHints(line), keywords: ['refund'] }, TAKE_SECONDS)).stream_id,
      ],
      // the recording is 2 s; a stream of 0.3 s missed most of it
      ['missed the take', async () => (await stream(a.tokens.agent, recognitionHints(line), 0.3)).stream_id],
      ['unknown', async () => '6f1de3a4-3c55-4a8e-9d7e-0a3c8a1b2c3d'],
      ['none', async () => undefined],
    ];
    for (const [what, streamId] of cases) {
      stt.heard.length = 0;
      const res = await upload(a.as.agent, attemptId, line.id, await streamId());
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      const graded = await me.graded(res.json().id);
      expect(graded.transcription, what).toBe('i will schedule your visit for monday');
      expect((await lineRow(res.json().id)).gradedFrom, what).toBe('upload');
      expect(stt.heard, what).toEqual([recognitionHints(line)]);
    }
  });

  it('refuses a stream_id that is not an id (400), and writes nothing', async () => {
    const { line, attemptId } = await attemptWithLine();
    const res = await upload(a.as.agent, attemptId, line.id, 'not-an-id');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    const rows = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attemptId));
    expect(rows.filter((r) => r.audioKey !== null)).toEqual([]);
  });
});
