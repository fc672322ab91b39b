import crypto from 'node:crypto';
import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog, authAttempts, outboxEmails } from '../src/db/schema/index';
import { accountKey, addressKey } from '../src/modules/auth/attempt-limits';
import { bearer, buildCompany, buildTestApp, buildUser, login, PASSWORD, type TestContext, unique } from './factories';

/**
 * Limits of sign-in, forgot-password and reset (issue: rate limits bypassed with X-Forwarded-For).
 * Every test uses its own client addresses (a fresh IPv6 /64): all API test files share one database.
 */
const hex = () => crypto.randomInt(1, 0xffff).toString(16);
/** an address in a /64 no other test uses */
const freshAddress = () => `2001:db8:${hex()}:${hex()}::1`;
/** another host of the same /64 */
const neighbourOf = (address: string) => address.replace(/::1$/, '::beef');
/** what an attacker writes in X-Forwarded-For */
const madeUpAddress = () => `198.51.100.${crypto.randomInt(1, 255)}`;
const madeUpEmail = () => `${unique('nobody')}@example.test`.toLowerCase();

interface From {
  peer?: string;
  forwarded?: string;
}
function post(ctx: TestContext, url: string, payload: object, from: From = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: from.peer ?? freshAddress(),
    headers: from.forwarded ? { 'x-forwarded-for': from.forwarded } : {},
  });
}
const signIn = (ctx: TestContext, email: string, password: string, from?: From) =>
  post(ctx, '/api/v1/login/', { email, password }, from);
const forgot = (ctx: TestContext, email: string, from?: From) =>
  post(ctx, '/api/v1/login/forgot-password', { email }, from);
const reset = (ctx: TestContext, email: string, token: string, from?: From) =>
  post(ctx, '/api/v1/login/reset-password', { email, token, password: 'Brand-new-pass1' }, from);

/** A second server instance on the same database whose clock is `ms` ahead. */
const instanceLater = (ms: number, env: Record<string, string> = {}) =>
  buildTestApp(env, { deps: { now: () => new Date(Date.now() + ms) } });

function expectLimited(res: Awaited<ReturnType<typeof signIn>>, message: string = MESSAGES.loginRateLimited) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message });
  return Number(res.headers['retry-after']);
}

async function attemptsOf(ctx: TestContext, action: string, email: string) {
  return ctx.db
    .select()
    .from(authAttempts)
    .where(and(eq(authAttempts.action, action), eq(authAttempts.account, accountKey(email))));
}

describe('sign-in limit per account, across addresses', () => {
  let ctx: TestContext; // the defaults: 10 failures per account in 10 minutes
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 429 after 10 failures whatever X-Forwarded-For and peer address say; the real user only waits', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    for (let i = 0; i < 10; i++) {
      const res = await signIn(ctx, user.email, `wrong-${i}`, { peer: freshAddress(), forwarded: madeUpAddress() });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.loginBadCredentials);
    }
    // the right password, from yet another address: 429, for 30 s
    expect(expectLimited(await signIn(ctx, user.email, PASSWORD, { forwarded: madeUpAddress() }))).toBe(30);
    const rows = await attemptsOf(ctx, 'login', user.email);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.failed)).toBe(true);
    expect(new Set(rows.map((r) => r.address)).size).toBe(10);
    expect(rows.some((r) => r.account.includes('@'))).toBe(false); // emails are not stored

    // another instance 31 s later (the counts live in the database): one more failure, then a longer wait
    const later = await instanceLater(31_000);
    try {
      expect((await signIn(later, user.email, 'wrong-again')).statusCode).toBe(401);
      const wait = expectLimited(await signIn(later, user.email, PASSWORD));
      expect(wait).toBeGreaterThan(30);
      expect(wait).toBeLessThanOrEqual(60);
    } finally {
      await later.close();
    }
    // after that wait the real user signs in
    const muchLater = await instanceLater(31_000 + 61_000);
    try {
      const ok = await signIn(muchLater, user.email, PASSWORD);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user._id).toBe(user.id);
    } finally {
      await muchLater.close();
    }
  });

  it('counts made-up emails like real ones (the limit does not tell which exist)', async () => {
    const email = madeUpEmail();
    for (let i = 0; i < 10; i++) expect((await signIn(ctx, email, 'guess')).statusCode).toBe(401);
    expectLimited(await signIn(ctx, email, 'guess'));
  });
});

describe('sign-in: only failures count', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // the defaults of the old per-minute limit too (10), under which the 11th good sign-in was refused
    ctx = await buildTestApp({ LOGIN_RATE_LIMIT_MAX: '10' });
  });
  afterAll(() => ctx.close());

  it('lets one user sign in 15 times in a row from one address, then limits after 10 failures', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const office = freshAddress();
    for (let i = 0; i < 15; i++) {
      const res = await signIn(ctx, user.email, PASSWORD, { peer: office });
      expect(res.statusCode, `sign-in ${i + 1}: ${res.body}`).toBe(200);
    }
    expect(await attemptsOf(ctx, 'login', user.email)).toEqual([]);
    for (let i = 0; i < 9; i++) expect((await signIn(ctx, user.email, 'typo', { peer: office })).statusCode).toBe(401);
    expect((await signIn(ctx, user.email, PASSWORD, { peer: office })).statusCode).toBe(200); // not the 10th
    expect((await signIn(ctx, user.email, 'typo', { peer: office })).statusCode).toBe(401);
    expectLimited(await signIn(ctx, user.email, PASSWORD, { peer: office }));
  });
});

describe('sign-in limit per address, across accounts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ AUTH_ADDRESS_FAILURES_MAX: '5' });
  });
  afterAll(() => ctx.close());

  it('answers 429 to the address (and its /64) after 5 failures on different emails; others are not affected', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(ctx, madeUpEmail(), 'guess', { peer: attacker, forwarded: madeUpAddress() });
      expect(res.statusCode).toBe(401);
    }
    const limited = await signIn(ctx, madeUpEmail(), 'guess', { peer: attacker });
    const wait = expectLimited(limited);
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expectLimited(await signIn(ctx, user.email, PASSWORD, { peer: attacker }));
    expectLimited(await signIn(ctx, user.email, PASSWORD, { peer: neighbourOf(attacker) }));
    // the account itself is not limited: its user signs in from elsewhere
    expect((await signIn(ctx, user.email, PASSWORD, { peer: freshAddress() })).statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.address, addressKey(attacker)));
    expect(rows).toHaveLength(5);
  });
});

describe('TRUST_PROXY', () => {
  const proxy = '192.0.2.10';
  let direct: TestContext; // TRUST_PROXY unset
  let proxied: TestContext; // TRUST_PROXY=192.0.2.10
  beforeAll(async () => {
    direct = await buildTestApp({ AUTH_ADDRESS_FAILURES_MAX: '3' });
    proxied = await buildTestApp({ AUTH_ADDRESS_FAILURES_MAX: '3', TRUST_PROXY: `${proxy}, 10.0.0.0/8` });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  async function saveNickName(ctx: TestContext, token: string, from: From) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/update-profile',
      headers: { ...bearer(token), ...(from.forwarded ? { 'x-forwarded-for': from.forwarded } : {}) },
      remoteAddress: from.peer,
      payload: { nick_name: unique('Nick') },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function lastAuditAddress(ctx: TestContext, userId: string) {
    const [row] = await ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'user.update_self')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return row.ip;
  }

  it('records the forwarded address in the audit log only when the peer is a configured proxy', async () => {
    const company = await buildCompany(direct);
    const user = await buildUser(direct, company, { role: ROLE_NAMES.agent });
    const token = (await signIn(direct, user.email, PASSWORD)).json().token; // 127.0.0.1 is limited to 3 here
    const client = freshAddress();

    await saveNickName(direct, token, { peer: proxy, forwarded: client });
    expect(await lastAuditAddress(direct, user.id)).toBe(proxy); // not trusted: the peer

    await saveNickName(proxied, token, { peer: proxy, forwarded: client });
    expect(await lastAuditAddress(proxied, user.id)).toBe(client);

    await saveNickName(proxied, token, { peer: '10.1.2.3', forwarded: `${madeUpAddress()}, ${client}` });
    expect(await lastAuditAddress(proxied, user.id)).toBe(client); // the right-most untrusted one

    const stranger = freshAddress();
    await saveNickName(proxied, token, { peer: stranger, forwarded: client });
    expect(await lastAuditAddress(proxied, user.id)).toBe(stranger); // a peer that is not a proxy
  });

  it('counts failures by the peer without TRUST_PROXY, by the forwarded client with it', async () => {
    const peer = freshAddress();
    for (let i = 0; i < 3; i++)
      expect((await signIn(direct, madeUpEmail(), 'x', { peer, forwarded: madeUpAddress() })).statusCode).toBe(401);
    expectLimited(await signIn(direct, madeUpEmail(), 'x', { peer, forwarded: madeUpAddress() }));

    const client = freshAddress();
    for (let i = 0; i < 3; i++)
      expect((await signIn(proxied, madeUpEmail(), 'x', { peer: proxy, forwarded: client })).statusCode).toBe(401);
    expectLimited(await signIn(proxied, madeUpEmail(), 'x', { peer: proxy, forwarded: client }));
    // another client behind the same proxy is not limited by that one
    const other = await signIn(proxied, madeUpEmail(), 'x', { peer: proxy, forwarded: freshAddress() });
    expect(other.statusCode).toBe(401);
  });

  it('is a list of addresses and CIDRs; anything else stops the server', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1 ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('keys an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('forgot-password limits', () => {
  let ctx: TestContext;
  let strict: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    strict = await buildTestApp({ AUTH_ADDRESS_FAILURES_MAX: '5' });
  });
  afterAll(async () => {
    await ctx.close();
    await strict.close();
  });

  it('sends at most 10 reset emails to one mailbox in 10 minutes, whatever the addresses', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    for (let i = 0; i < 10; i++) {
      const res = await forgot(ctx, user.email, { forwarded: madeUpAddress() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
    }
    for (let i = 0; i < 2; i++)
      expect(expectLimited(await forgot(ctx, user.email), MESSAGES.passwordResetRateLimited)).toBe(30);
    const sent = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    await expect.poll(async () => (await sent()).length).toBe(10);
    // the same answer for an email without an account, limited the same way
    const nobody = madeUpEmail();
    for (let i = 0; i < 10; i++) expect((await forgot(ctx, nobody)).statusCode).toBe(200);
    expectLimited(await forgot(ctx, nobody), MESSAGES.passwordResetRateLimited);
    expect((await sent()).length).toBe(10);
  });

  it('limits one address asking for many emails', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await forgot(strict, madeUpEmail(), { peer: attacker })).statusCode).toBe(200);
    expectLimited(await forgot(strict, madeUpEmail(), { peer: attacker }), MESSAGES.passwordResetRateLimited);
    expect((await forgot(strict, madeUpEmail(), { peer: freshAddress() })).statusCode).toBe(200);
  });
});

describe('reset-password limits', () => {
  let ctx: TestContext;
  let strict: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    strict = await buildTestApp({ AUTH_ADDRESS_FAILURES_MAX: '5' });
  });
  afterAll(async () => {
    await ctx.close();
    await strict.close();
  });

  async function emailedToken(email: string) {
    expect((await forgot(ctx, email)).statusCode).toBe(200);
    const read = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    await expect.poll(async () => (await read()).length).toBe(1);
    const [row] = await read();
    return new URL(row.bodyText.match(/(http\S+)/)?.[1] ?? '').searchParams.get('token') ?? '';
  }

  it('answers 429 after 10 bad tokens for one email from any addresses; the real link works after the wait', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const token = await emailedToken(user.email);
    for (let i = 0; i < 10; i++) {
      const bad = await reset(ctx, user.email, `guessed-token-${i}`, { forwarded: madeUpAddress() });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MESSAGES.resetBadToken);
    }
    expectLimited(await reset(ctx, user.email, token), MESSAGES.passwordResetRateLimited);
    await expect(login(ctx, user.email, 'Brand-new-pass1')).rejects.toThrow(/401/);
    const later = await instanceLater(31_000);
    try {
      const ok = await reset(later, user.email, token);
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await later.close();
    }
    expect(await login(ctx, user.email, 'Brand-new-pass1')).toBeTruthy();
  });

  it('limits one address trying tokens on many emails', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await reset(strict, madeUpEmail(), 'guessed-token', { peer: attacker })).statusCode).toBe(400);
    expectLimited(
      await reset(strict, madeUpEmail(), 'guessed-token', { peer: attacker }),
      MESSAGES.passwordResetRateLimited,
    );
    expect((await reset(strict, madeUpEmail(), 'guessed-token', { peer: freshAddress() })).statusCode).toBe(400);
  });
});
