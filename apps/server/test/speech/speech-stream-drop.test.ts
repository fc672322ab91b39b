import { ROLE_NAMES } from '@sim/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SpeechRecognizer } from '../../src/modules/speech/engines/recognizer';
import { LocalTtsProvider } from '../../src/modules/speech/engines/tts/tts-local';
import type { SttProvider } from '../../src/modules/speech/engines/types';
import { buildCompany, buildUser, listen, openSpeechSocket, testApp, tokenFor } from '../factories';

describe('speech websocket: a dropped socket frees its decoder', () => {
  const closed: boolean[] = [];
  const real = new SpeechRecognizer();
  const tracking: SttProvider = {
    status: () => real.status(),
    transcribe: (audio, hints) => real.transcribe(audio, hints),
    openStream: async (options) => {
      const stream = await real.openStream(options);
      const index = closed.push(false) - 1;
      const close = stream.close.bind(stream);
      stream.close = () => {
        closed[index] = true;
        close();
      };
      return stream;
    },
  };
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt: tracking } } });
  let host: string;
  beforeAll(async () => {
    host = await listen(ctx);
  });

  it('closes the recognition stream when the client disappears mid-recording', async () => {
    const company = await buildCompany(ctx);
    const token = await tokenFor(ctx, await buildUser(ctx, company, { role: ROLE_NAMES.agent }));
    const ws = await openSpeechSocket(ctx, host, token);
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000 }));
    for (let i = 0; i < 10; i++) ws.send(Buffer.alloc(3200));
    await vi.waitFor(() => expect(closed).toHaveLength(1), { timeout: 10_000 });
    expect(closed[0]).toBe(false);
    ws.terminate(); // no close handshake: the network dropped
    await vi.waitFor(() => expect(closed[0]).toBe(true), { timeout: 10_000 });
  });
});
