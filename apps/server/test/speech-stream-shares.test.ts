import { ROLE_NAMES, SPEECH_LIMITS, SPEECH_MESSAGES } from '@sim/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  buildCompany,
  buildUser,
  listen,
  ScriptedStt,
  speechSocketUrl,
  type TestContext,
  testApp,
  tokenFor,
} from './factories';

/**
 * Issue 32, fair shares of the live decoders. Before: 16 sockets from one learner's signed URL, each sending
 * only `start`, held all 16 stream slots for minutes and every other learner was told "Speech recognition is
 * not available on this server". Now a user holds at most SPEECH_LIMITS.maxStreamsPerUser streams on an
 * instance, and a stream that receives no audio for SPEECH_STREAM_IDLE_SECONDS is closed.
 */

interface Watched {
  ws: WebSocket;
  messages: { type: string; message?: string; text?: string }[];
  closed: Promise<number>;
}

/** A socket as the browser opens it: listening from the start (a refusal comes as soon as it opens). */
async function watch(ctx: TestContext, host: string, token: string): Promise<Watched> {
  const ws = new WebSocket(await speechSocketUrl(ctx, host, token));
  const messages: Watched['messages'] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, expected: 'thank you for calling' }));
  return { ws, messages, closed };
}

/** Stops a stream and waits for its final. */
async function finalOf(s: Watched): Promise<string | undefined> {
  s.ws.send(Buffer.alloc(3200));
  s.ws.send(JSON.stringify({ type: 'stop' }));
  expect(await s.closed).toBe(1000);
  return s.messages.find((m) => m.type === 'final')?.text;
}

async function learners(ctx: TestContext, perCompany: number) {
  const tokens: string[][] = [];
  for (const name of ['First Calls', 'Second Calls']) {
    const company = await buildCompany(ctx, `${name} ${Math.random().toString(36).slice(2, 8)}`);
    const roles = [ROLE_NAMES.agent, ROLE_NAMES.supervisor, ROLE_NAMES.agent];
    tokens.push(
      await Promise.all(
        Array.from({ length: perCompany }, async (_, i) =>
          tokenFor(ctx, await buildUser(ctx, company, { role: roles[i % roles.length] })),
        ),
      ),
    );
  }
  return tokens;
}

describe('speech websocket: streams per user', () => {
  const stt = new ScriptedStt();
  const ctx = testApp({}, { deps: { speech: { tts: undefined as never, stt } } });
  let host: string;
  beforeAll(async () => {
    host = await listen(ctx);
  });

  it('refuses a learner’s stream past their share, keeps serving the others, and frees the share on close', async () => {
    const [[alice], [bob]] = await learners(ctx, 1);
    const held = [];
    for (let i = 0; i < SPEECH_LIMITS.maxStreamsPerUser; i++) held.push(await watch(ctx, host, alice));
    const refused = await watch(ctx, host, alice);
    expect(await refused.closed).toBe(1008);
    expect(refused.messages).toEqual([{ type: 'error', message: SPEECH_MESSAGES.tooManyStreams }]);

    // another learner is served while Alice holds her share
    expect(await finalOf(await watch(ctx, host, bob))).toBe('thank you for calling');

    // the streams she holds still work; once one is closed, she may open another
    expect(await finalOf(held[0])).toBe('thank you for calling');
    await vi.waitFor(
      async () => {
        const again = await watch(ctx, host, alice);
        const refusedAgain = await Promise.race([
          again.closed.then((code) => code === 1008),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 300)),
        ]);
        if (refusedAgain) throw new Error('still refused');
        expect(await finalOf(again)).toBe('thank you for calling');
      },
      { timeout: 10_000, interval: 50 },
    );
    held[1].ws.close();
  });

  it('at once, in two companies: every user gets exactly their share, the rest are refused', async () => {
    const tokens = (await learners(ctx, 3)).flat();
    const tries = SPEECH_LIMITS.maxStreamsPerUser + 2;
    const opened = await Promise.all(
      tokens.map((t) => Promise.all(Array.from({ length: tries }, () => watch(ctx, host, t)))),
    );
    // each user's extra sockets are refused (closed with the message); their share stays open
    const refusals = (mine: Watched[]) => mine.filter((w) => w.messages.some((m) => m.type === 'error'));
    await vi.waitFor(
      () => {
        for (const mine of opened) expect(refusals(mine)).toHaveLength(tries - SPEECH_LIMITS.maxStreamsPerUser);
      },
      { timeout: 15_000, interval: 50 },
    );
    for (const mine of opened) {
      for (const refused of refusals(mine)) {
        expect(await refused.closed).toBe(1008);
        expect(refused.messages).toEqual([{ type: 'error', message: SPEECH_MESSAGES.tooManyStreams }]);
      }
    }
    // the ones kept open give their finals
    const kept = opened.flat().filter((s) => !s.messages.some((m) => m.type === 'error'));
    expect(kept).toHaveLength(tokens.length * SPEECH_LIMITS.maxStreamsPerUser);
    expect(await Promise.all(kept.map(finalOf))).toEqual(kept.map(() => 'thank you for calling'));
  });
});

describe('speech websocket: a stream without audio', () => {
  const stt = new ScriptedStt();
  const ctx = testApp({ SPEECH_STREAM_IDLE_SECONDS: '3' }, { deps: { speech: { tts: undefined as never, stt } } });
  let host: string;
  beforeAll(async () => {
    host = await listen(ctx);
  });

  it('is closed with a message once no audio came for the idle time, and frees its share', async () => {
    const [[alice]] = await learners(ctx, 1);
    const silent = await watch(ctx, host, alice);
    const started = Date.now();
    expect(await silent.closed).toBe(1008);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(silent.messages).toEqual([{ type: 'error', message: SPEECH_MESSAGES.streamIdle(3) }]);

    // one that keeps sending audio is not closed, however long the take
    const speaking = await watch(ctx, host, alice);
    for (let i = 0; i < 20; i++) {
      speaking.ws.send(Buffer.alloc(3200));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(speaking.messages).toEqual([]);
    expect(await finalOf(speaking)).toBe('thank you for calling');
  });
});
