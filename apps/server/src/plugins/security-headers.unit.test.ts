import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, SECURITY_HEADER_OPTIONS } from './security-headers';

/** The headers of an answer as sent: names with their case, in order, and values. */
async function sentHeaders(setup: (app: ReturnType<typeof Fastify>) => Promise<void> | void, url = '/page') {
  const app = Fastify();
  await setup(app);
  app.get('/page', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.status(403).send({ no: true }));
  const res = await app.inject({ method: 'GET', url });
  const raw = res.raw.res;
  // getRawHeaderNames (node >= 15.13) keeps the case a header was set with; @types/node 20 omits it
  const names = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
  await app.close();
  return { status: res.statusCode, headers: names.map((name) => [name, raw.getHeader(name)]) };
}

describe('security headers', () => {
  it('sends what @fastify/helmet sent with the same options, names, case, order and values', async () => {
    for (const url of ['/page', '/refused', '/not-found']) {
      const before = await sentHeaders((app) => app.register(fastifyHelmet, SECURITY_HEADER_OPTIONS), url);
      const after = await sentHeaders((app) => registerSecurityHeaders(app), url);
      expect(after).toEqual(before);
      expect(after.headers.map(([name]) => name)).toContain('Content-Security-Policy');
    }
  });

  it('sends the same headers on every answer', async () => {
    const first = await sentHeaders((app) => registerSecurityHeaders(app));
    const second = await sentHeaders((app) => registerSecurityHeaders(app));
    expect(second).toEqual(first);
  });
});
