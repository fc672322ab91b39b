import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type helmetFunction from 'helmet';

/**
 * Helmet itself, the copy @fastify/helmet depends on (helmet is not a direct dependency of the server;
 * resolving it through @fastify/helmet keeps the version @fastify/helmet was tested with).
 */
function loadHelmet(): typeof helmetFunction {
  const here = createRequire(import.meta.url);
  const helmetModule = createRequire(here.resolve('@fastify/helmet'))('helmet');
  return helmetModule.default ?? helmetModule;
}

export type HelmetOptions = Parameters<typeof helmetFunction>[0];

/** The app's helmet options: a strict CSP for the single-page app (its own scripts, inline styles, media). */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // sent by registerSecurityHeaders only on answers to HTTPS requests (HSTS over plain HTTP means nothing)
  strictTransportSecurity: false,
};

/** A year with subdomains (helmet's default), sent only when the request came over HTTPS. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, in its order, and the headers it removes: its middleware run
 * once against a recording response. With no function among the options (no per-request nonce), helmet
 * sets the same headers on every answer.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a value that is not text`);
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let called = false;
  loadHelmet()(options)({} as never, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/**
 * Helmet's security headers on every answer (what @fastify/helmet did, without building helmet's
 * middleware again on each request): one synchronous onRequest hook, registered first (app.ts) so that
 * answers refused by a later hook (401, 403, 414) carry the headers too. Strict-Transport-Security is added when the request came over HTTPS:
 * directly, or through a proxy the server trusts (TRUST_PROXY) that says so in X-Forwarded-Proto.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = SECURITY_HEADER_OPTIONS) {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    if (request.protocol === 'https') res.setHeader('Strict-Transport-Security', HSTS_HEADER);
    done();
  });
}
