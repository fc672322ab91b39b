import { WebSocket } from 'ws';
import type { TestContext } from './app';
import { bearer } from './caller';

/**
 * The speech websocket as the browser opens it: the app listens on a free port (call `listen` once, in a
 * beforeAll), stream-url signs a URL for the caller, and the socket is open when this answers.
 */
export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A signed URL of the speech websocket for the caller (stream-url). */
export async function speechSocketUrl(ctx: TestContext, host: string, token: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/speech/stream-url',
    headers: { ...bearer(token), host },
  });
  if (res.statusCode !== 200) throw new Error(`stream-url: ${res.statusCode} ${res.body}`);
  return res.json().data.url;
}

export async function openSpeechSocket(ctx: TestContext, host: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(await speechSocketUrl(ctx, host, token));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}
