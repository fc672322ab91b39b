import { recognitionHints, type TStreamServerMessage } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attemptLines } from '../src/db/schema/index';
import { wavFromPcm } from '../src/modules/speech/engines/audio/stt-audio';
import { LocalTtsProvider } from '../src/modules/speech/engines/tts/tts-local';
import type { RecognitionHints, Transcript } from '../src/modules/speech/engines/types';
import {
  buildAssignment,
  buildTakeSim,
  learner,
  listen,
  openSpeechSocket,
  recording,
  ScriptedStt,
  speechLikePcm,
  staffedCompany,
  testApp,
} from './factories';

/**
 * The stand-in recogniser of this file: its live streams "hear" the line said word for word, while a decoded
 * upload is heard as what it is here — nothing the line needs (silence, another take).
 */
class StreamOnlyStt extends ScriptedStt {
  override async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    await super.transcribe(audio, hints); // counted in `heard`
    return { text: '', words: [] };
  }
}

/**
 * Issue 30, item 4 (the `api` project; the same on the real engines: speech/forgery-stream.test.ts): a live
 * stream's final grades only the recording the stream heard. A learner who streams a reading of the line and
 * uploads pure silence of the same length, another take, or the take reversed, naming that stream, is graded
 * from the upload; the honest take (the same audio streamed and uploaded) is still graded from the stream,
 * without decoding the upload.
 */
describe('a live stream does not grade a different upload', () => {
  const stt = new StreamOnlyStt();
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx);
  let host = '';
  beforeAll(async () => {
    host = await listen(ctx);
  });
  afterEach(() => {
    stt.heard.length = 0;
  });

  /** the learner's take: two seconds of speech-like audio */
  const take = speechLikePcm(2);

  async function attemptWithLine() {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const spoken = sim.levels[1];
    const me = learner(a.as.agent, assignment.id);
    return { line: spoken.agentLines[0], me, attemptId: await me.start(sim.simId, spoken.id) };
  }

  async function stream(hints: { expected: string; keywords: string[] }, pcm: Buffer) {
    const ws = await openSpeechSocket(ctx, host, a.tokens.agent);
    const messages: TStreamServerMessage[] = [];
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, ...hints }));
    for (let i = 0; i < pcm.length; i += 3200) ws.send(pcm.subarray(i, i + 3200));
    ws.send(JSON.stringify({ type: 'stop' }));
    await closed;
    const final = messages.find((m) => m.type === 'final');
    if (final?.type !== 'final' || !final.stream_id) throw new Error(`no final: ${JSON.stringify(messages)}`);
    return { ...final, stream_id: final.stream_id };
  }

  const lineRow = async (id: string) => (await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, id)))[0];
  const reversed = (pcm: Buffer) => {
    const out = Buffer.alloc(pcm.length);
    for (let i = 0; i < pcm.length / 2; i++) out.writeInt16LE(pcm.readInt16LE(i * 2), pcm.length - 2 - i * 2);
    return out;
  };

  async function upload(uploaded: Buffer) {
    const { line, me, attemptId } = await attemptWithLine();
    const final = await stream(recognitionHints(line), take);
    expect(final.text).toBe(line.script);
    const res = await a.as.agent.form(
      '/api/v1/sims/grade-transcription',
      {
        sim_level_user_response: attemptId,
        script_id: line.id,
        transcribed_text: final.text,
        stream_id: final.stream_id,
      },
      [recording(wavFromPcm(uploaded))],
    );
    expect(res.statusCode, res.body).toBe(200);
    return { line, graded: await me.graded(res.json().id), row: await lineRow(res.json().id) };
  }

  it.each([
    ['pure silence of the same length', () => Buffer.alloc(take.length)],
    ['another take', () => speechLikePcm(2, 2)],
    ['the take reversed', () => reversed(take)],
  ])("grades %s from the upload, not from the stream's reading", async (_what, uploaded) => {
    const { line, graded, row } = await upload(uploaded());
    expect(graded).toMatchObject({
      status: 'Completed',
      transcription: '',
      correct_keywords: [],
      missed_keywords: ['schedule', 'Monday'],
      grade_score: 0,
      passed: false,
    });
    expect(row.gradedFrom).toBe('upload');
    expect(row.liveTranscript).toBe(line.script); // what the browser sent is kept, never graded
    expect(stt.heard).toEqual([recognitionHints(line)]); // the upload was decoded
  });

  it('grades the honest take from its stream, without decoding the upload', async () => {
    const { line, graded, row } = await upload(take);
    expect(graded).toMatchObject({
      status: 'Completed',
      transcription: line.script,
      correct_keywords: ['schedule', 'Monday'],
      missed_keywords: [],
      grade_score: 100,
      passed: true,
    });
    expect(row.gradedFrom).toBe('stream');
    expect(stt.heard).toEqual([]);
  });
});
