import { EMPLOYEE_TEXTS, MESSAGES, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index';
import { buildUser, caller, staffedCompany, testApp, tokenFor } from './factories';

const URL = '/api/v1/employee/delete';

describe('POST /api/v1/employee/delete', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  it('soft-deletes an employee: gone from the list, signed out at once, audited, email reusable', async () => {
    const victim = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent, firstName: 'Victim' });
    const victimToken = await tokenFor(ctx, victim);
    const res = await co.as.admin.post(URL, { id: victim.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: EMPLOYEE_TEXTS.employeeDeleted });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const list = (await co.as.admin.get('/api/v1/employee/list?textSearch=Victim')).json();
    expect(list.total).toBe(0);
    expect((await caller(ctx, victimToken).get('/api/v1/permissions/user-details')).statusCode).toBe(401);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, victim.id), eq(auditLog.action, 'user.delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(co.users.admin.id);
    // deleting again: not found
    expect((await co.as.admin.post(URL, { id: victim.id })).statusCode).toBe(404);
    // the email can be used again
    const dup = await co.as.admin.get(`/api/v1/users/duplicate-email?emailId=${encodeURIComponent(victim.email)}`);
    expect(dup.json()).toEqual({ success: false });
  });

  it('refuses to delete yourself (422) and a user holding more than you (403)', async () => {
    const self = await co.as.admin.post(URL, { id: co.users.admin.id });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      success: false,
      code: 'RULE_BROKEN',
      message: EMPLOYEE_TEXTS.cannotDeleteSelfMessage,
    });
    // the manager may delete employees but not an administrator, who holds the permission matrix
    const admin2 = await buildUser(ctx, co.company, { role: ROLE_NAMES.admin });
    const up = await co.as.manager.post(URL, { id: admin2.id });
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(EMPLOYEE_TEXTS.noEscalationUser);
    const agent2 = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent });
    expect((await co.as.manager.post(URL, { id: agent2.id })).statusCode).toBe(200);
  });

  it("answers 404 for another company's employee and 400 for a bad id", async () => {
    const res = await co.as.admin.post(URL, { id: other.users.agent.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, other.users.agent.id));
    expect(row.deletedAt).toBeNull();
    const bad = await co.as.admin.post(URL, { id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', field: 'id' });
    expect((await co.as.admin.post(URL, {})).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 without employee_list delete', async () => {
    expect((await caller(ctx, null).post(URL, { id: co.users.agent.id })).statusCode).toBe(401);
    for (const token of [co.tokens.supervisor, co.tokens.agent]) {
      const res = await caller(ctx, token).post(URL, { id: co.users.agent.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });
});
