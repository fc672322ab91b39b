import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_NAMES } from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildCompany, buildTestApp, buildUser, type TestContext, tokenFor } from './factories';

describe('platform routes, headers, errors and the web app fallback', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SimCentre test shell</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    ctx = await buildTestApp({}, { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers health and readiness', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ success: true, status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, database: 'ok' });
  });

  it('serves an OpenAPI document describing every /api/v1 route, and the docs UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // the speech websocket is not an HTTP operation; a wildcard path is written as a {*} parameter
    const documented = ctx.app.apiRoutes.filter(
      (x) => x.url.startsWith('/api/v1/') && x.url !== '/api/v1/speech/stream',
    );
    expect(documented.length).toBeGreaterThan(20);
    for (const r of documented) {
      const path = r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op.summary).toBeTruthy();
    }
    expect(doc.paths['/api/v1/login/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends security headers with a real Content-Security-Policy and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown /api paths with a JSON 404 and loads the app for deep links', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const deep = await ctx.app.inject({
      method: 'GET',
      url: '/admin/createuser?userId=42',
      headers: { accept: 'text/html' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('SimCentre test shell');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const post = await ctx.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('answers 413 for a body over the limit and 415 for an unsupported content type', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: 'TOO_LARGE' });
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_TYPE' });
  });

  it('lets a platform administrator read the outbox, filtered by recipient, and refuses others', async () => {
    const company = await buildCompany(ctx);
    const platform = await buildUser(ctx, company, { role: ROLE_NAMES.admin, platformAdmin: true });
    const owner = await buildUser(ctx, company, { role: ROLE_NAMES.accountOwner });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/login/forgot-password', payload: { email: owner.email } });
    // the email is sent by a job after the answer (issue 11): wait until the outbox holds it
    const platformToken = await tokenFor(ctx, platform);
    const readOutbox = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/outbox?to=${encodeURIComponent(owner.email)}`,
        headers: bearer(platformToken),
      });
    await vi.waitFor(async () => expect((await readOutbox()).json().emails).toHaveLength(1), { timeout: 10_000 });
    const res = await readOutbox();
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().emails[0]).toMatchObject({ to: owner.email, subject: 'Reset your SimCentre password' });
    expect(res.json().emails[0].text).toContain('/forgotpassword?email=');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/outbox',
      headers: bearer(await tokenFor(ctx, owner)),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/outbox?limit=5000',
      headers: bearer(await tokenFor(ctx, platform)),
    });
    expect(bad.statusCode).toBe(400);
  });
});
