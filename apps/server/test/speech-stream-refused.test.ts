import { ROLE_NAMES, SPEECH_MESSAGES } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineUnavailableError, type SttProvider } from '../src/modules/speech/engines/types';
import { buildCompany, buildUser, listen, openSpeechSocket, testApp, tokenFor } from './factories';

/**
 * The recogniser refuses a stream (its limit of open streams, found by bench:learners: the 17th learner at
 * once on 2 cores). The socket gets the error and closes; the server keeps running. Before the fix, each
 * audio frame's write chained on the refused opening and the unhandled rejection stopped the process.
 */
describe('speech websocket: a refused stream', () => {
  let opened = 0;
  const refusing: SttProvider = {
    status: async () => [],
    transcribe: () => Promise.reject(new EngineUnavailableError('no')),
    openStream: async () => {
      opened += 1;
      throw new EngineUnavailableError('Too many speech streams are open; try again shortly');
    },
  };
  const ctx = testApp({}, { deps: { speech: { tts: undefined as never, stt: refusing } } });
  let host: string;
  beforeAll(async () => {
    host = await listen(ctx);
  });

  it('answers the error, closes the socket and keeps serving', async () => {
    const company = await buildCompany(ctx);
    const token = await tokenFor(ctx, await buildUser(ctx, company, { role: ROLE_NAMES.agent }));
    const ws = await openSpeechSocket(ctx, host, token);
    const messages: { type: string; message?: string }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000 }));
    for (let i = 0; i < 20; i++) ws.send(Buffer.alloc(3200));
    expect(await closed).toBe(1011);
    expect(messages).toContainEqual({ type: 'error', message: SPEECH_MESSAGES.sttUnavailable });
    expect(opened).toBe(1);
    // the process is still up and answering
    const health = await fetch(`http://${host}/api/health`);
    expect(health.status).toBe(200);
  });
});
