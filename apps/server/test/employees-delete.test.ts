import { EMPLOYEE_TEXTS, MESSAGES, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index';
import { buildStaffedCompany, call, type StaffedCompany } from './employees-fixtures';
import { buildTestApp, buildUser, login, type TestContext } from './helpers';

const URL = '/api/v1/employee/delete';

describe('POST /api/v1/employee/delete', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  it('soft-deletes an employee: gone from the list, signed out at once, audited, email reusable', async () => {
    const victim = await buildUser(ctx.db, co, { role: ROLE_NAMES.agent, firstName: 'Victim' });
    const victimToken = await login(ctx, victim.email);
    const res = await call(ctx, 'POST', URL, co.tokens.admin, { id: victim.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: EMPLOYEE_TEXTS.employeeDeleted });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const list = (await call(ctx, 'GET', '/api/v1/employee/list?textSearch=Victim', co.tokens.admin)).json();
    expect(list.total).toBe(0);
    expect((await call(ctx, 'GET', '/api/v1/permissions/user-details', victimToken)).statusCode).toBe(401);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, victim.id), eq(auditLog.action, 'user.delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(co.admin.id);
    // deleting again: not found
    expect((await call(ctx, 'POST', URL, co.tokens.admin, { id: victim.id })).statusCode).toBe(404);
    // the email can be used again
    const dup = await call(
      ctx,
      'GET',
      `/api/v1/users/duplicate-email?emailId=${encodeURIComponent(victim.email)}`,
      co.tokens.admin,
    );
    expect(dup.json()).toEqual({ success: false });
  });

  it('refuses to delete yourself (422) and a user holding more than you (403)', async () => {
    const self = await call(ctx, 'POST', URL, co.tokens.admin, { id: co.admin.id });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      success: false,
      code: 'RULE_BROKEN',
      message: EMPLOYEE_TEXTS.cannotDeleteSelfMessage,
    });
    // the manager may delete employees but not an administrator, who holds the permission matrix
    const admin2 = await buildUser(ctx.db, co, { role: ROLE_NAMES.admin });
    const up = await call(ctx, 'POST', URL, co.tokens.manager, { id: admin2.id });
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(EMPLOYEE_TEXTS.noEscalationUser);
    const agent2 = await buildUser(ctx.db, co, { role: ROLE_NAMES.agent });
    expect((await call(ctx, 'POST', URL, co.tokens.manager, { id: agent2.id })).statusCode).toBe(200);
  });

  it("answers 404 for another company's employee and 400 for a bad id", async () => {
    const res = await call(ctx, 'POST', URL, co.tokens.admin, { id: other.agent.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, other.agent.id));
    expect(row.deletedAt).toBeNull();
    const bad = await call(ctx, 'POST', URL, co.tokens.admin, { id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', field: 'id' });
    expect((await call(ctx, 'POST', URL, co.tokens.admin, {})).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 without employee_list delete', async () => {
    expect((await call(ctx, 'POST', URL, undefined, { id: co.agent.id })).statusCode).toBe(401);
    for (const token of [co.tokens.supervisor, co.tokens.agent]) {
      const res = await call(ctx, 'POST', URL, token, { id: co.agent.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });
});
