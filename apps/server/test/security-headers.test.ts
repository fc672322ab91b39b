import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_HEADER } from '../src/plugins/security-headers';
import { buildCompany, buildTestApp, buildUser, PASSWORD, type TestContext } from './factories';

/**
 * Issue 18, part 7: the headers every answer carries (the page, the API, refusals), HSTS only over HTTPS
 * (directly or through a trusted proxy), and no cookie anywhere: the app signs in with a bearer token.
 * Token revocation on a password change and on deactivation is proven in security-sessions.test.ts.
 */

/** The Content-Security-Policy as directive → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers and cookies', () => {
  let direct: TestContext;
  let proxied: TestContext;
  let webDist: string;
  const answers: { url: string; headers: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SimCentre</title>');
    [direct, proxied] = await Promise.all([
      buildTestApp({}, { webDist }),
      buildTestApp({ TRUST_PROXY: 'loopback' }, { webDist }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), proxied.close()]);
    fs.rmSync(webDist, { recursive: true, force: true });
    // whatever the test asked, no answer set a cookie
    expect(answers.length).toBeGreaterThan(5);
    for (const a of answers) expect(a.headers['set-cookie'], a.url).toBeUndefined();
  });

  async function get(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
    answers.push({ url, headers: res.headers });
    return res;
  }

  it('sends a strict CSP, no referrer and nosniff on the page, the API and refusals', async () => {
    for (const url of ['/login', '/sims', '/api/health', '/api/v1/permissions/user-details', '/api/v1/nothing']) {
      const res = await get(direct, url);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const plain = await get(direct, '/login');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // a client cannot claim HTTPS to a server that trusts no proxy
    const claimed = await get(direct, '/login', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    // behind a trusted proxy that terminated TLS
    const behind = await get(proxied, '/login', { 'x-forwarded-proto': 'https' });
    expect(behind.headers['strict-transport-security']).toBe(HSTS_HEADER);
    const behindApi = await get(proxied, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(behindApi.headers['strict-transport-security']).toBe(HSTS_HEADER);
    const behindPlain = await get(proxied, '/login', { 'x-forwarded-proto': 'http' });
    expect(behindPlain.headers['strict-transport-security']).toBeUndefined();
  });

  it('signs in with a token in the body, never a cookie', async () => {
    const company = await buildCompany(direct);
    const user = await buildUser(direct, company, { role: 'admin' });
    const res = await direct.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: user.email, password: PASSWORD },
    });
    answers.push({ url: '/api/v1/login/', headers: res.headers });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().token).toBe('string');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
