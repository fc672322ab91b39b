import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { recognitionHints, type TStreamServerMessage } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLines } from '../../src/db/schema/index';
import { runChecked } from '../../src/lib/process';
import { decodeAudio, PAD_SECONDS, SAMPLE_RATE, wavFromPcm } from '../../src/modules/speech/engines/audio/stt-audio';
import {
  bearer,
  buildAssignment,
  buildTakeSim,
  learner,
  listen,
  openSpeechSocket,
  recording,
  SPOKEN_LINES,
  staffedCompany,
  type TakeSim,
  testApp,
} from '../factories';

/**
 * Issue 30, item 4, on the real engines: a live stream's decode grades only the recording it heard. The
 * forgery: the learner streams the server's own reading of the line over the speech websocket, then uploads
 * a recording of pure silence of the same length with that stream's id. The line must be graded from the
 * upload (silence: every keyword missed), not from the stream; the honest take — the same speech streamed as
 * PCM and uploaded as the browser records it (WebM/Opus) — is still graded from the stream.
 */
describe('a live stream does not grade a different upload', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  let sim: TakeSim;
  let host = '';
  /** the reading of the first agent line, 16 kHz PCM */
  let reading: Buffer;

  const speak = async (text: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/synthesize',
      headers: bearer(a.tokens.admin),
      payload: { text, voice: 'Joanna' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const pcmOf = async (audio: Buffer) => {
    const pcm = await decodeAudio(audio);
    return pcm.subarray(0, pcm.length - Math.round(PAD_SECONDS * SAMPLE_RATE) * 2);
  };
  /** 16 kHz PCM as a browser's MediaRecorder sends it: WebM with Opus at 48 kHz. */
  const asWebm = async (pcm: Buffer) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-forgery-'));
    try {
      await fs.writeFile(path.join(dir, 'in.wav'), wavFromPcm(pcm));
      await runChecked('ffmpeg', [
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        path.join(dir, 'in.wav'),
        '-ar',
        '48000',
        '-c:a',
        'libopus',
        path.join(dir, 'out.webm'),
      ]);
      return await fs.readFile(path.join(dir, 'out.webm'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };

  beforeAll(async () => {
    host = await listen(ctx);
    sim = await buildTakeSim(ctx, a.users.admin, { levels: [{ order: 2, lines: SPOKEN_LINES }] });
    reading = await pcmOf(await speak(sim.levels[0].agentLines[0].script));
  }, 120_000);

  async function take() {
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const me = learner(a.as.agent, assignment.id);
    const [level] = sim.levels;
    const attemptId = await me.start(sim.simId, level.id);
    return { me, attemptId, line: level.agentLines[0] };
  }

  /** Streams the PCM as the take-sim screen does (100 ms frames, the line's hints); answers the final. */
  async function stream(line: Parameters<typeof recognitionHints>[0], pcm: Buffer) {
    const ws = await openSpeechSocket(ctx, host, a.tokens.agent);
    const messages: TStreamServerMessage[] = [];
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'start', sampleRate: SAMPLE_RATE, ...recognitionHints(line) }));
    for (let i = 0; i < pcm.length; i += 3200) ws.send(pcm.subarray(i, i + 3200));
    ws.send(JSON.stringify({ type: 'stop' }));
    await closed;
    const final = messages.find((m) => m.type === 'final');
    if (final?.type !== 'final' || !final.stream_id) throw new Error(`no final: ${JSON.stringify(messages)}`);
    return { ...final, stream_id: final.stream_id };
  }

  const lineRow = async (id: string) => (await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, id)))[0];

  it('grades an upload of silence from the upload, not from the reading streamed before it', async () => {
    const { me, attemptId, line } = await take();
    const final = await stream(line, reading);
    // the stream heard the reading
    expect(final.text).toMatch(/schedule/i);

    // a recording of pure silence of the same length, naming the stream
    const silence = wavFromPcm(Buffer.alloc(reading.length));
    const forged = await a.as.agent.form(
      '/api/v1/sims/grade-transcription',
      {
        sim_level_user_response: attemptId,
        script_id: line.id,
        transcribed_text: final.text,
        stream_id: final.stream_id,
      },
      [recording(silence)],
    );
    expect(forged.statusCode, forged.body).toBe(200);
    const graded = await me.graded(forged.json().id, 120_000);
    expect(graded).toMatchObject({
      status: 'Completed',
      correct_keywords: [],
      missed_keywords: ['schedule', 'Monday'],
      grade_score: 0,
      passed: false,
    });
    expect(graded.transcription).not.toMatch(/schedule|monday/i);
    const row = await lineRow(forged.json().id);
    expect(row.gradedFrom).toBe('upload');
    expect(row.liveTranscript).toMatch(/schedule/i); // the live text is kept as sent, not graded
  });

  it('grades the honest take from its stream: the same speech streamed as PCM and uploaded as WebM/Opus', async () => {
    const { me, attemptId, line } = await take();
    const final = await stream(line, reading);
    const up = await a.as.agent.form(
      '/api/v1/sims/grade-transcription',
      {
        sim_level_user_response: attemptId,
        script_id: line.id,
        transcribed_text: final.text,
        stream_id: final.stream_id,
      },
      [recording(await asWebm(reading), 'audio/webm;codecs=opus', 'take.webm')],
    );
    expect(up.statusCode, up.body).toBe(200);
    const graded = await me.graded(up.json().id, 120_000);
    expect(graded).toMatchObject({
      status: 'Completed',
      correct_keywords: ['schedule', 'Monday'],
      missed_keywords: [],
      grade_score: 100,
      passed: true,
      transcription: final.text,
    });
    expect((await lineRow(up.json().id)).gradedFrom).toBe('stream');
  });

  it("grades another line's reading from the upload, whatever the stream heard", async () => {
    const { me, attemptId, line } = await take();
    const final = await stream(line, reading);
    const other = await pcmOf(await speak(sim.levels[0].agentLines[1].script));
    const up = await a.as.agent.form(
      '/api/v1/sims/grade-transcription',
      {
        sim_level_user_response: attemptId,
        script_id: line.id,
        transcribed_text: final.text,
        stream_id: final.stream_id,
      },
      [recording(await asWebm(other), 'audio/webm;codecs=opus', 'take.webm')],
    );
    expect(up.statusCode, up.body).toBe(200);
    const graded = await me.graded(up.json().id, 120_000);
    expect(graded.status).toBe('Completed');
    expect(graded.transcription).not.toBe(final.text);
    expect(graded.correct_keywords).not.toContain('schedule');
    expect((await lineRow(up.json().id)).gradedFrom).toBe('upload');
  });
});
