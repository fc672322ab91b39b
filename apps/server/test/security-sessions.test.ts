import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails, users } from '../src/db/schema/index';
import {
  bearer,
  buildCompany,
  buildGroup,
  buildStaffedCompany,
  buildUser,
  caller,
  login,
  newUserBody,
  PASSWORD,
  type TestContext,
  testApp,
  tokenFor,
} from './factories';

/** Sign-in tokens end with a password change, a reset, a deactivation or a deletion (8 h otherwise). */
const ME = '/api/v1/permissions/user-details';

async function me(ctx: TestContext, token: string) {
  return ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
}
async function expectEnded(ctx: TestContext, token: string) {
  const res = await me(ctx, token);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
}
async function expectWorks(ctx: TestContext, token: string, userId: string) {
  const res = await me(ctx, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user._id).toBe(userId);
}

describe('tokens and password changes', () => {
  const ctx = testApp();

  it('a change in my settings ends every older session; the answer carries a working token', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const laptop = await login(ctx, user.email);
    const phone = await login(ctx, user.email);
    const res = await caller(ctx, laptop).post('/api/v1/users/update-password', {
      current_password: PASSWORD,
      new_password: 'Another@123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, expires_at } = res.json();
    await expectEnded(ctx, laptop);
    await expectEnded(ctx, phone);
    await expectWorks(ctx, token, user.id);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    await expectWorks(ctx, await login(ctx, user.email, 'Another@123'), user.id);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.tokensValidAfter).toBeInstanceOf(Date);
  });

  it('a reset through the emailed link ends every older session', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const old = await login(ctx, user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/login/forgot-password', payload: { email: user.email } });
    const read = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    await expect.poll(async () => (await read()).length).toBe(1);
    const link = new URL((await read())[0].bodyText.match(/(http\S+)/)?.[1] ?? '');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/reset-password',
      payload: { email: user.email, token: link.searchParams.get('token'), password: 'Brand-new-pass1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(ctx, old);
    await expectWorks(ctx, await login(ctx, user.email, 'Brand-new-pass1'), user.id);
  });

  it('a password set by an administrator ends the user’s sessions', async () => {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const group = await buildGroup(ctx, company);
    const old = await login(ctx, agent.email);
    const res = await caller(ctx, await tokenFor(ctx, admin)).post('/api/v1/users/create', {
      ...newUserBody(company, group.id, { email_id: agent.email, password: 'Set-by-admin1' }),
      _id: agent.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(ctx, old);
    await expectWorks(ctx, await login(ctx, agent.email, 'Set-by-admin1'), agent.id);
  });

  it('an agent’s account opened by an administrator closes when the administrator’s password changes', async () => {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const adminToken = await tokenFor(ctx, admin);
    const opened = await caller(ctx, adminToken).post('/api/v1/login/login-to-agent-account', { id: agent.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const asAgent = opened.json().token;
    await expectWorks(ctx, asAgent, agent.id);
    const res = await caller(ctx, adminToken).post('/api/v1/users/update-password', {
      current_password: PASSWORD,
      new_password: 'Another@123',
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(ctx, asAgent);
  });
});

describe('tokens issued within the same second as a password change', () => {
  const ctx = testApp({}, { deps: { now: () => new Date(clock) } });
  // one whole second of a controlled clock
  const second = Math.floor(Date.now() / 1000) * 1000;
  let clock = second;

  it('refuses the one issued before the change and accepts those issued after it', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    clock = second + 100;
    const before = await login(ctx, user.email);
    clock = second + 500;
    const res = await caller(ctx, before).post('/api/v1/users/update-password', {
      current_password: PASSWORD,
      new_password: 'Another@123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fromChange = res.json().token;
    clock = second + 800;
    const after = await login(ctx, user.email, 'Another@123');
    clock = second + 900;
    await expectEnded(ctx, before);
    await expectWorks(ctx, fromChange, user.id);
    await expectWorks(ctx, after, user.id);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.tokensValidAfter?.getTime()).toBe(second + 500);
  });
});

describe('tokens and deactivation or deletion', () => {
  const ctx = testApp();

  /** a company with its staff and a group */
  const staff = () => buildStaffedCompany(ctx, { cohort: true });
  const saveStatus = (
    s: Awaited<ReturnType<typeof staff>>,
    status: 'active' | 'inActive' | 'postEmployment',
    id = s.users.agent.id,
  ) =>
    s.as.admin.post('/api/v1/users/create', {
      ...newUserBody(s.company, s.group.id, {
        email_id: id === s.users.agent.id ? s.users.agent.email : s.users.admin.email,
        status,
      }),
      _id: id,
      role: id === s.users.agent.id ? s.company.roleIds[ROLE_NAMES.agent] : s.company.roleIds[ROLE_NAMES.admin],
    });

  it('a deactivated user (Inactive, Post Employment) is signed out at once and cannot sign in', async () => {
    const s = await staff();
    const old = await login(ctx, s.users.agent.email);
    const opened = await s.as.admin.post('/api/v1/login/login-to-agent-account', { id: s.users.agent.id });
    const asAgent = opened.json().token;
    expect((await saveStatus(s, 'inActive')).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, s.users.agent.id));
    expect(row).toMatchObject({ status: 'inActive', subStatus: 'Suspended' });
    expect(row.tokensValidAfter).toBeInstanceOf(Date);
    await expectEnded(ctx, old);
    await expectEnded(ctx, asAgent);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: s.users.agent.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MESSAGES.accountInactive });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: s.users.agent.email, password: 'not-it' },
    });
    expect(wrong.json().message).toBe(MESSAGES.loginBadCredentials); // the status is told only with the password
    const openAgain = await s.as.admin.post('/api/v1/login/login-to-agent-account', { id: s.users.agent.id });
    expect(openAgain.statusCode).toBe(422);
    expect(openAgain.json()).toMatchObject({ code: 'RULE_BROKEN', message: MESSAGES.accountInactive });

    // reactivated: signs in again, but the sessions from before stay ended
    expect((await saveStatus(s, 'active')).statusCode).toBe(200);
    await expectWorks(ctx, await login(ctx, s.users.agent.email), s.users.agent.id);
    await expectEnded(ctx, old);

    expect((await saveStatus(s, 'postEmployment')).statusCode).toBe(200);
    await expect(login(ctx, s.users.agent.email)).rejects.toThrow(/401/);
  });

  it('an administrator cannot deactivate themselves (the form or my settings)', async () => {
    const s = await staff();
    const res = await saveStatus(s, 'inActive', s.users.admin.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'RULE_BROKEN', message: MESSAGES.cannotDeactivateSelf });
    const mine = await s.as.admin.post('/api/v1/users/update-profile', {
      status: 'postEmployment',
    });
    expect(mine.statusCode).toBe(422);
    expect(mine.json().message).toBe(MESSAGES.cannotDeactivateSelf);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, s.users.admin.id));
    expect(row.status).toBe('applicant');
    expect(row.tokensValidAfter).toBeNull();
    await expectWorks(ctx, s.tokens.admin, s.users.admin.id);
  });

  it('a deleted user is signed out at once, also from an account an administrator opened', async () => {
    const s = await staff();
    const old = await login(ctx, s.users.agent.email);
    const deleted = await s.as.admin.post('/api/v1/employee/delete', { id: s.users.agent.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectEnded(ctx, old);

    // the administrator who opened an agent's account is deleted: that session ends too
    const t = await staff();
    const other = await buildUser(ctx, t.company, { role: ROLE_NAMES.admin });
    const opened = await t.as.admin.post('/api/v1/login/login-to-agent-account', { id: t.users.agent.id });
    const asAgent = opened.json().token;
    await expectWorks(ctx, asAgent, t.users.agent.id);
    const gone = await caller(ctx, await tokenFor(ctx, other)).post('/api/v1/employee/delete', {
      id: t.users.admin.id,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectEnded(ctx, asAgent);
  });
});
