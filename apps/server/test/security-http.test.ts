import { MESSAGES } from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email, Mailer } from '../src/modules/mail/mailer';
import {
  bearer,
  buildCompany,
  buildTestApp,
  buildUser,
  caller,
  staffedCompany,
  type TestContext,
  testApp,
} from './factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('answers of the API: envelope, caching, request id', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });

  it('answers a path parameter over 100 characters with the envelope (414), not Fastify’s body', async () => {
    const long = 'a'.repeat(101);
    for (const [method, url] of [
      ['GET', `/api/v1/sims/audio-jobs/${long}`],
      ['PATCH', `/api/v1/sims/editLevel/${long}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(co.tokens.admin) });
      expect(res.statusCode).toBe(414);
      const body = res.json();
      expect(body).toEqual({
        success: false,
        code: 'URI_TOO_LONG',
        message: MESSAGES.addressTooLong,
        requestId: res.headers['x-request-id'],
      });
      expect(body).not.toHaveProperty('error');
      expect(body).not.toHaveProperty('statusCode');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks API answers Cache-Control: no-store (success, errors, unknown routes)', async () => {
    const ok = await co.as.agent.get('/api/v1/permissions/user-details');
    expect(ok.statusCode).toBe(200);
    const signedOut = await caller(ctx, null).get('/api/v1/permissions/user-details');
    expect(signedOut.statusCode).toBe(401);
    const bad = await caller(ctx, null).post('/api/v1/login/', { email: 'x', password: 'y' });
    expect(bad.statusCode).toBe(400);
    const unknown = await co.as.agent.get('/api/v1/no-such-route');
    expect(unknown.statusCode).toBe(404);
    const caseService = await co.as.agent.get('/case-service/api/v1/no-such-route');
    for (const res of [ok, signedOut, bad, unknown, caseService]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('echoes a safe x-request-id and replaces any other with a new id', async () => {
    const safe = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/permissions/user-details',
      headers: { 'x-request-id': 'trace-42.abc:Z_9' },
    });
    expect(safe.headers['x-request-id']).toBe('trace-42.abc:Z_9');
    expect(safe.json().requestId).toBe('trace-42.abc:Z_9');
    for (const unsafe of [
      '<script>alert(1)</script>',
      'a'.repeat(65),
      'two words',
      '../../etc/passwd',
      '-x',
      '%0d%0a',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/permissions/user-details',
        headers: { 'x-request-id': unsafe },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-request-id'], unsafe).toMatch(UUID);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toContain(unsafe);
    }
  });
});

describe('forgot-password answers before sending', () => {
  let ctx: TestContext;
  const sent: Email[] = [];
  let release: () => void = () => undefined;
  const mailServerUp = new Promise<void>((resolve) => {
    release = resolve;
  });
  // a mail server that does not answer until the test lets it
  const slowMailer: Mailer = {
    kind: 'smtp',
    async send(email) {
      await mailServerUp;
      sent.push(email);
    },
  };
  beforeAll(async () => {
    ctx = await buildTestApp({}, { deps: { mailer: slowMailer } });
  });
  afterAll(async () => {
    release();
    await ctx.close();
  });

  it('gives the same answer for an existing and an unknown email without waiting for the mail server', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const ask = (email: string) =>
      Promise.race([
        ctx.app.inject({ method: 'POST', url: '/api/v1/login/forgot-password', payload: { email } }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
      ]);
    const known = await ask(user.email);
    const unknown = await ask('nobody-here-at-all@example.test');
    expect(known, 'no answer while the mail server hangs').not.toBeNull();
    expect(unknown).not.toBeNull();
    expect(known?.statusCode).toBe(200);
    expect(known?.json()).toEqual(unknown?.json());
    expect(known?.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
    expect(sent).toEqual([]);

    release();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0].to).toBe(user.email);
    expect(sent[0].text).toContain('/forgotpassword?email=');
  });
});

describe('GET /api/v1/users/duplicate-email tells nothing about other companies', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  const url = (email: string, id?: string) =>
    `/api/v1/users/duplicate-email?emailId=${encodeURIComponent(email)}${id === undefined ? '' : `&id=${id}`}`;

  it("answers not taken for another company's email; taken for the caller's company", async () => {
    const foreign = await co.as.admin.get(url(other.users.agent.email));
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ success: false });
    expect((await co.as.admin.get(url(co.users.agent.email))).json()).toEqual({ success: true });
    // the other company sees its own user as taken
    expect((await other.as.admin.get(url(other.users.agent.email))).json()).toEqual({ success: true });
  });

  it('takes an empty id as "no user yet" (a client creating a user sends id=)', async () => {
    const taken = await co.as.admin.get(url(co.users.agent.email, ''));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ success: true });
    const free = await co.as.admin.get(url('still-free@example.test', ''));
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ success: false });
    // a real id still excludes that user, and a malformed one is still refused
    expect((await co.as.admin.get(url(co.users.agent.email, co.users.agent.id))).json()).toEqual({
      success: false,
    });
    expect((await co.as.admin.get(url(co.users.agent.email, 'nope'))).statusCode).toBe(400);
  });
});
