import { ROLE_NAMES } from '@sim/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { PocketsphinxSttProvider } from '../../src/modules/speech/engines/stt-pocketsphinx';
import { LocalTtsProvider } from '../../src/modules/speech/engines/tts-local';
import type { SttProvider } from '../../src/modules/speech/engines/types';
import { bearer, buildCompany, buildUser, testApp, tokenFor } from '../factories';

describe('speech websocket: a dropped socket frees its decoder', () => {
  const closed: boolean[] = [];
  const real = new PocketsphinxSttProvider();
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
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('closes the recognition stream when the client disappears mid-recording', async () => {
    const company = await buildCompany(ctx);
    const token = await tokenFor(ctx, await buildUser(ctx, company, { role: ROLE_NAMES.agent }));
    const address = ctx.app.server.address();
    const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/speech/stream-url',
      headers: { ...bearer(token), host },
    });
    const ws = new WebSocket(res.json().data.url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000 }));
    for (let i = 0; i < 10; i++) ws.send(Buffer.alloc(3200));
    await vi.waitFor(() => expect(closed).toHaveLength(1), { timeout: 10_000 });
    expect(closed[0]).toBe(false);
    ws.terminate(); // no close handshake: the network dropped
    await vi.waitFor(() => expect(closed[0]).toBe(true), { timeout: 10_000 });
  });
});
