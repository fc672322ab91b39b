import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, ROLE_NAMES, SPEECH_MESSAGES } from '@sim/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { signPath } from '../../src/lib/url-signing';
import { ttsCacheKey } from '../../src/modules/speech/service';
import { bearer, buildCompany, buildUser, multipart, testApp, tokenFor } from '../factories';

/** Real audio through the real engines (flite/festival, ffmpeg, pocketsphinx). */
describe('speech routes', () => {
  const ctx = testApp();
  let author: string;
  let agent: string;
  const line = 'I can schedule your appointment with the cardiologist on Monday morning.';
  const keywords = ['schedule', 'appointment', 'Monday'];

  beforeAll(async () => {
    const company = await buildCompany(ctx);
    author = await tokenFor(ctx, await buildUser(ctx, company, { role: ROLE_NAMES.admin }));
    agent = await tokenFor(ctx, await buildUser(ctx, company, { role: ROLE_NAMES.agent }));
  });

  const synthesize = (text: string, voice = 'Joanna', token = author) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/synthesize',
      headers: bearer(token),
      payload: { text, voice },
    });
  const transcribe = (audio: Buffer, fields: Record<string, string> = {}, filename = 'take.mp3') => {
    const form = multipart(fields, [{ field: 'audio', filename, contentType: 'audio/mpeg', data: audio }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/transcribe',
      headers: { ...bearer(agent), ...form.headers },
      payload: form.payload,
    });
  };
  const grade = (transcript: string, extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/grade',
      headers: bearer(agent),
      payload: { transcript, keywords, tests: [], natural_lenguage: false, overalConfidence: 60, ...extra },
    });

  it('lists the seven voices', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/speech/voices', headers: bearer(agent) });
    expect(res.json()).toEqual({
      success: true,
      voices: [
        { name: 'Joanna', gender: 'female' },
        { name: 'Kendra', gender: 'female' },
        { name: 'Kimberly', gender: 'female' },
        { name: 'Salli', gender: 'female' },
        { name: 'Ruth', gender: 'female' },
        { name: 'Joey', gender: 'male' },
        { name: 'Matthew', gender: 'male' },
      ],
    });
  });

  it('synthesizes an MP3 once per text and voice, for authors only', async () => {
    const first = await synthesize(line, 'Matthew');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    const file = path.join(os.tmpdir(), `sim-tts-${process.pid}.mp3`);
    fs.writeFileSync(file, first.rawPayload);
    try {
      const probe = execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(Number(probe.toString())).toBeGreaterThan(1.5);
    } finally {
      fs.rmSync(file, { force: true });
    }
    const key = ttsCacheKey(ctx.deps.speech.tts.version, 'Matthew', line);
    expect(await ctx.deps.blobs.exists(key)).toBe(true);
    const again = await synthesize(line, 'Matthew');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await synthesize(line, 'Nobody')).statusCode).toBe(400);
    expect((await synthesize('   ')).statusCode).toBe(400);
    const refused = await synthesize(line, 'Joanna', agent);
    expect(refused.statusCode).toBe(403);
  });

  it('transcribes a synthesized line and grades it as passed; a wrong answer fails', async () => {
    // Kendra: festival's HTS voice (flite's slt, behind Joanna, says "appointment" as "applied man"; the
    // speech bench measures every voice)
    const right = (await synthesize(line, 'Kendra')).rawPayload;
    const heard = await transcribe(right, { expected: line, keywords: JSON.stringify(keywords) });
    expect(heard.statusCode).toBe(200);
    const body = heard.json();
    expect(body.success).toBe(true);
    expect(body.words.length).toBeGreaterThan(5);
    expect(body.words[0]).toEqual(
      expect.objectContaining({ word: expect.any(String), start: expect.any(Number), end: expect.any(Number) }),
    );
    const passed = (await grade(body.text)).json();
    expect(passed).toMatchObject({ success: true, passed: true, missedKeywords: [] });
    expect(passed.keyword_accuracy).toBe(100);

    const wrongAudio = (await synthesize('Please hold while I transfer you to the billing department.', 'Joanna'))
      .rawPayload;
    const wrong = (await transcribe(wrongAudio, { expected: line, keywords: JSON.stringify(keywords) })).json();
    expect(wrong.text).not.toContain('appointment');
    const failed = (await grade(wrong.text)).json();
    expect(failed.passed).toBe(false);
    expect(failed.keyword_accuracy).toBeLessThan(60);
  });

  it('refuses a 30 MB upload with 413, a corrupt file with 400, and bad fields with 400', async () => {
    const big = await transcribe(Buffer.alloc(30 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: 'TOO_LARGE', message: SPEECH_MESSAGES.audioTooLarge });
    const corrupt = await transcribe(
      Buffer.from('this is not audio at all, just text pretending'.repeat(20)),
      {},
      'x.wav',
    );
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json()).toMatchObject({
      success: false,
      code: 'INVALID',
      message: SPEECH_MESSAGES.audioUnsupported,
    });
    const badKeywords = await transcribe(Buffer.from('x'), { keywords: 'not json' });
    expect(badKeywords.statusCode).toBe(400);
    expect(badKeywords.json().message).toBe(SPEECH_MESSAGES.keywordsNotJson);
    const noFile = multipart({ expected: 'x' }, []);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/transcribe',
      headers: { ...bearer(agent), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SPEECH_MESSAGES.audioMissing);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/transcribe',
      headers: bearer(agent),
      payload: {},
    });
    expect(json.statusCode).toBe(415);
  });

  it('grades with the shared rules and rejects an entry with both operators', async () => {
    const res = await grade('the appointment is on monday', {
      keywords: ['appointment', 'monday | tuesday', 'refund'],
    });
    expect(res.json()).toMatchObject({
      success: true,
      correctKeywords: ['appointment', 'monday | tuesday'],
      missedKeywords: ['refund'],
      passed: true,
    });
    expect(res.json().keyword_accuracy).toBeCloseTo(66.67, 2);
    const both = await grade('x', { keywords: ['a & b | c'] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Use only one operator & or |');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/speech/grade', payload: {} })).statusCode).toBe(401);
  });

  describe('streaming websocket', () => {
    let base: string;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    const streamUrl = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/speech/stream-url',
        headers: { ...bearer(agent), host: base },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { url: string; expires_at: string };
    };

    it('streams partials and a final transcript', async () => {
      const { url, expires_at } = await streamUrl();
      expect(url).toMatch(new RegExp(`^ws://${base}/api/v1/speech/stream\\?exp=\\d+&sub=.+&sig=`));
      expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(290_000);
      const mp3 = (await synthesize(line, 'Kendra')).rawPayload;
      const pcm = execFileSync(
        'ffmpeg',
        ['-v', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'],
        {
          input: mp3,
          maxBuffer: 50 * 1024 * 1024,
        },
      );
      const ws = new WebSocket(url);
      const messages: { type: string; text?: string }[] = [];
      const done = new Promise<void>((resolve, reject) => {
        ws.on('message', (m) => {
          const msg = JSON.parse(m.toString());
          messages.push(msg);
          if (msg.type === 'final' || msg.type === 'error') resolve();
        });
        ws.on('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, expected: line, keywords }));
      const frame = 3200; // 100 ms
      for (let i = 0; i < pcm.length; i += frame) {
        ws.send(pcm.subarray(i, i + frame));
        await new Promise((r) => setTimeout(r, 20));
      }
      // the audio went out five times faster than spoken: on a loaded machine the decoder is still behind, so
      // the stop waits for its first partial (a learner speaks no faster than real time)
      await vi.waitFor(() => expect(messages.some((m) => m.type === 'partial')).toBe(true), {
        timeout: 60_000,
        interval: 100,
      });
      ws.send(JSON.stringify({ type: 'stop' }));
      await done;
      const partials = messages.filter((m) => m.type === 'partial');
      const final = messages.find((m) => m.type === 'final');
      expect(partials.length).toBeGreaterThan(0);
      expect(final?.text).toMatch(/appointment/);
      expect((await grade(final!.text!)).json().passed).toBe(true);
    });

    it('refuses an expired or tampered URL with 401 before the upgrade', async () => {
      const expired = signPath(ctx.deps.urlKey, '/api/v1/speech/stream', 300, new Date(Date.now() - 600_000), 'a:b');
      const status = (path: string) =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`ws://${base}${path}`);
          ws.on('unexpected-response', (req, res) => {
            resolve(res.statusCode ?? 0);
            req.destroy();
          });
          ws.on('open', () => {
            resolve(101);
            ws.terminate();
          });
          ws.on('error', () => resolve(-1));
        });
      expect(await status(expired)).toBe(401);
      const { url } = await streamUrl();
      const tampered = url.replace(/sig=.{4}/, 'sig=AAAA').replace(`ws://${base}`, '');
      expect(await status(tampered)).toBe(401);
      expect(await status('/api/v1/speech/stream')).toBe(401);
      const res = await ctx.app.inject({ method: 'GET', url: expired });
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MESSAGES.linkExpired });
    });
  });
});
