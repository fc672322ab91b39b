import { ROLE_NAMES, SPEECH_MESSAGES } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_RATE_HZ } from '../src/modules/speech/engines/audio/audio-header';
import { LocalTtsProvider } from '../src/modules/speech/engines/tts/tts-local';
import { TRANSCRIBE_PER_MINUTE } from '../src/modules/speech/routes';
import {
  type Answer,
  buildUser,
  type Caller,
  caller,
  ScriptedStt,
  type StaffedCompany,
  staffedCompany,
  testApp,
  tokenFor,
} from './factories';
import { toneWav } from './fixtures/uploads/archives';
import { forgedWav, oneHertzAu } from './forged-audio';

const URL = '/api/v1/speech/transcribe';
const ONE_HZ = SPEECH_MESSAGES.audioRateImplausible(1, AUDIO_RATE_HZ.min, AUDIO_RATE_HZ.max);

/**
 * Issue 32, item 1: POST /speech/transcribe is open to any signed-in user. Its upload is measured from its data
 * (a header whose rate or length does not fit is refused with 400 before a decoder is asked), and each user
 * may ask TRANSCRIBE_PER_MINUTE transcriptions a minute (429 beyond, with the envelope). The recogniser is a
 * stand-in that answers the `expected` text, so every answer says whose request it was.
 */
describe('POST /speech/transcribe: measured uploads and a per-user limit', () => {
  const stt = new ScriptedStt();
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const audio: { wav: Buffer } = { wav: Buffer.alloc(0) };

  beforeAll(async () => {
    audio.wav = await toneWav(1);
  });

  const transcribe = (as: Caller, data: Buffer, expected: string, type = 'audio/wav', name = 'take.wav') =>
    as.form(URL, { expected }, [{ field: 'audio', filename: name, contentType: type, data }]);

  /** A new user of the company (its own limit), with a caller. */
  async function newcomer(company: StaffedCompany<{ agent2: true }>, role: string = ROLE_NAMES.agent) {
    return caller(ctx, await tokenFor(ctx, await buildUser(ctx, company.company, { role })));
  }

  it('refuses a header that does not fit its data with 400 and the reason, before the recogniser hears it', async () => {
    const as = await newcomer(a);
    const heard = stt.heard.length;
    const cases: [Buffer, string, string, string | RegExp][] = [
      [forgedWav({ rate: 1 }), 'audio/wav', 'take.wav', ONE_HZ],
      [forgedWav({ rate: 250_000 }), 'audio/wav', 'take.wav', /250000 Hz/],
      [forgedWav({ rate: 16_000, declared: 1_600_000 }), 'audio/wav', 'take.wav', SPEECH_MESSAGES.audioLengthMismatch],
      [oneHertzAu(), 'audio/basic', 'take.au', ONE_HZ],
    ];
    for (const [data, type, name, message] of cases) {
      const res = await transcribe(as, data, 'never heard', type, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID', field: 'audio' });
      expect(res.json().message).toMatch(message);
    }
    expect(stt.heard.length).toBe(heard);
    // a real recording still goes through
    const ok = await transcribe(as, audio.wav, 'hello there');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, text: 'hello there' });
  });

  it(`answers 429 with the envelope after ${TRANSCRIBE_PER_MINUTE} transcriptions a minute, per user`, async () => {
    const flooder = await newcomer(a);
    const neighbour = await newcomer(a);
    for (let i = 0; i < TRANSCRIBE_PER_MINUTE; i++) {
      // refused or not, each request counts
      const res = await transcribe(flooder, i % 2 ? audio.wav : forgedWav(), `take ${i}`);
      expect(res.statusCode, res.body).toBe(i % 2 ? 200 : 400);
    }
    const heard = stt.heard.length;
    const limited = await transcribe(flooder, audio.wav, 'one more');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: SPEECH_MESSAGES.transcribeRateLimited,
    });
    expect(stt.heard.length).toBe(heard); // the refused request never reached the recogniser
    // another user of the same company is not limited by it
    const other = await transcribe(neighbour, audio.wav, 'my own');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ text: 'my own' });
  });

  it('keeps answers, refusals and limits to their caller while two companies transcribe and read at once', async () => {
    type Check = { company: number; res: Answer; status: number; text?: string; message?: string };
    const tasks: (() => Promise<Check>)[] = [];
    const flooders: { company: number; as: Caller }[] = [];
    for (const [ci, company] of [a, b].entries()) {
      const people: Caller[] = await Promise.all(
        [ROLE_NAMES.admin, ROLE_NAMES.manager, ROLE_NAMES.supervisor, ROLE_NAMES.agent, ROLE_NAMES.agent].map((role) =>
          newcomer(company, role),
        ),
      );
      for (const [pi, as] of people.entries()) {
        for (let i = 0; i < 3; i++) {
          const text = `company ${company.company.companyId} person ${pi} take ${i}`;
          tasks.push(async () => ({ company: ci, res: await transcribe(as, audio.wav, text), status: 200, text }));
        }
        tasks.push(async () => ({
          company: ci,
          res: await transcribe(as, forgedWav(), 'forged'),
          status: 400,
          message: ONE_HZ,
        }));
        tasks.push(async () => ({ company: ci, res: await as.get('/api/v1/speech/voices'), status: 200 }));
        tasks.push(async () => ({
          company: ci,
          res: await as.post('/api/v1/speech/grade', {
            transcript: 'schedule the appointment',
            keywords: ['schedule'],
            tests: [],
            natural_lenguage: false,
            overalConfidence: 60,
          }),
          status: 200,
        }));
      }
      const flooder = await newcomer(company);
      flooders.push({ company: ci, as: flooder });
    }
    // each company's flooder sends its limit and five more, all at once, among the others
    const flood: Promise<Answer>[] = [];
    const order = tasks
      .map((t, i) => [Math.sin(i * 7919), t] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t);
    const running = Promise.all(order.map((t) => t()));
    for (const f of flooders)
      for (let i = 0; i < TRANSCRIBE_PER_MINUTE + 5; i++) flood.push(transcribe(f.as, audio.wav, `flood ${f.company}`));
    const [answers, flooded] = await Promise.all([running, Promise.all(flood)]);

    const companyIds = [a.company.companyId, b.company.companyId];
    for (const { company, res, status, text, message } of answers) {
      expect(res.statusCode, res.body).toBe(status);
      if (text) expect(res.json()).toMatchObject({ success: true, text });
      if (message) expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message });
      expect(res.body).not.toContain(companyIds[1 - company]);
    }
    for (const [fi, f] of flooders.entries()) {
      const mine = flooded.slice(fi * (TRANSCRIBE_PER_MINUTE + 5), (fi + 1) * (TRANSCRIBE_PER_MINUTE + 5));
      expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(TRANSCRIBE_PER_MINUTE);
      expect(mine.filter((r) => r.statusCode === 429)).toHaveLength(5);
      for (const r of mine.filter((x) => x.statusCode === 200))
        expect(r.json()).toMatchObject({ text: `flood ${f.company}` });
    }
  });
});
