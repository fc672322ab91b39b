import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { notificationRecipients, notifications, tempRoles } from '../src/db/schema/index';
import { bearer, buildCompany, buildTestApp, buildUser, testApp, tokenFor } from './factories';

const URL = '/api/v1/permissions/user-details';
const keys = (body: { permissions: { permission_details: { task_name: string; permission_type: string }[] }[] }) =>
  new Set(body.permissions.flatMap((p) => p.permission_details.map((d) => `${d.task_name}:${d.permission_type}`)));

describe('GET /api/v1/permissions/user-details', () => {
  const ctx = testApp();

  it('answers 401 without a token, with a forged token and with an expired token', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const none = await ctx.app.inject({ method: 'GET', url: URL });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });

    const forged = await new SignJWT({ cid: company.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('simcentre')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough'));
    const f = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(forged) });
    expect(f.statusCode).toBe(401);

    const longAgo = new Date(Date.now() - (ctx.deps.config.jwtTtlSeconds + 60) * 1000);
    const { token: old } = await ctx.deps.tokens.sign({ sub: user.id, cid: company.companyId }, longAgo);
    const e = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(old) });
    expect(e.statusCode).toBe(401);
    expect(e.json().message).toBe(MESSAGES.sessionExpired);
  });

  it('answers the user, the role permissions and the real count of new notifications', async () => {
    const company = await buildCompany(ctx);
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const [n1] = await ctx.db
      .insert(notifications)
      .values({ companyId: company.companyId, message: 'one' })
      .returning();
    const [n2] = await ctx.db
      .insert(notifications)
      .values({ companyId: company.companyId, message: 'two' })
      .returning();
    const [n3] = await ctx.db
      .insert(notifications)
      .values({ companyId: company.companyId, message: 'old' })
      .returning();
    await ctx.db.insert(notificationRecipients).values([
      { notificationId: n1.id, userId: agent.id },
      { notificationId: n2.id, userId: agent.id },
      { notificationId: n3.id, userId: agent.id, isNew: false },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(await tokenFor(ctx, agent)) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.new_notifications).toBe(2);
    expect(body.user).toMatchObject({ _id: agent.id, role: 'agent', company_name: company.name });
    expect(body.permissions).toHaveLength(1);
    expect(body.permissions[0]).toMatchObject({ role_name: 'agent', temporary: false });
    const k = keys(body);
    expect(k.has('assignment:view')).toBe(true);
    expect(k.has('employee_list:view')).toBe(false);
  });

  it('adds a temporary role only between its dates', async () => {
    const company = await buildCompany(ctx);
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    await ctx.db.insert(tempRoles).values({
      userId: agent.id,
      roleId: company.roleIds[ROLE_NAMES.supervisor],
      startDate: '2030-01-10',
      endDate: '2030-01-12',
    });
    const at = async (iso: string) => {
      const c = await buildTestApp({}, { deps: { now: () => new Date(iso) } });
      try {
        const token = await tokenFor(c, agent);
        const res = await c.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        return res.json();
      } finally {
        await c.close();
      }
    };
    const before = await at('2030-01-09T12:00:00Z');
    expect(keys(before).has('employee_list:view')).toBe(false);
    const during = await at('2030-01-12T23:00:00Z');
    expect(keys(during).has('employee_list:view')).toBe(true);
    expect(during.permissions.find((p: { temporary: boolean }) => p.temporary)).toMatchObject({
      role_name: 'supervisor',
      start_date: '2030-01-10',
      end_date: '2030-01-12',
    });
    const after = await at('2030-01-13T00:30:00Z');
    expect(keys(after).has('employee_list:view')).toBe(false);
    expect(after.permissions).toHaveLength(1);
  });
});
