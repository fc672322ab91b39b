import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { bearer, buildCompany, buildUser, login, PASSWORD, testApp } from './factories';

describe('POST /api/v1/login/', () => {
  const ctx = testApp();

  it('signs in and answers token, user, permissions and login_to_agent_account', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company, { role: ROLE_NAMES.manager });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.login_to_agent_account).toBe(false);
    expect(body.user).toMatchObject({
      _id: user.id,
      email_id: user.email,
      role: 'manager',
      company_id: company.companyId,
      company_name: company.name,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
    const tasks = body.permissions[0].permission_details.map(
      (d: { task_name: string; permission_type: string }) => `${d.task_name}:${d.permission_type}`,
    );
    expect(tasks).toContain('employee_list:create');
    expect(tasks).not.toContain('permissions:view'); // manager: all but permissions and roles
    expect(tasks).not.toContain('roles:view');
    // the token works
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/permissions/user-details',
      headers: bearer(body.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: 'nobody-here@example.test', password: PASSWORD },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MESSAGES.loginBadCredentials });
    }
  });

  it('answers 400 with the spec message for missing fields and a bad email', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: '', password: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'INVALID', message: MESSAGES.loginMissingFields });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ success: false, code: 'INVALID' });
  });

  it('refuses a deleted user, and a token of a user deleted after sign-in', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const token = await login(ctx, user.email);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/permissions/user-details', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  const ctx = testApp({ AUTH_ACCOUNT_FAILURES_MAX: '3' });

  it('answers 429 with a clear message after too many failed attempts for one email', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email: user.email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: MESSAGES.loginRateLimited });
    // another email from the same address is not blocked by this one's attempts
    const other = await buildUser(ctx, company);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { email: other.email, password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
  });
});
