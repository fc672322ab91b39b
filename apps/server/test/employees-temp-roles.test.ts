import { EMPLOYEE_TEXTS, isoDay, MESSAGES, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles, tempRoles } from '../src/db/schema/index';
import { grantDefaultPermissions, permissionIdsByKey } from '../src/modules/permissions/catalogue';
import { buildStaffedCompany, call, dayFromToday, type StaffedCompany } from './employees-fixtures';
import { buildTestApp, type TestContext } from './helpers';

const ADD = '/api/v1/roles/add-temp-role';
const DEL = '/api/v1/roles/delete-temp-role';

describe('POST /api/v1/roles/add-temp-role and /delete-temp-role', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  it('assigns a role of the company between two dates, moves the dates when assigned again, and removes it', async () => {
    const supervisorRole = co.roleIds[ROLE_NAMES.supervisor];
    const body = { role: supervisorRole, startDate: dayFromToday(0), endDate: dayFromToday(5) };
    const res = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, co.tokens.admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: EMPLOYEE_TEXTS.tempRoleAssigned,
      tempRoles: [{ roleName: 'supervisor', ...body, active: true }],
    });
    // the agent now holds the supervisor's permissions
    const list = await call(ctx, 'GET', '/api/v1/employee/list', co.tokens.agent);
    expect(list.statusCode).toBe(200);

    // assigned again: new dates, still one entry; an ISO date-time is read as its day
    const again = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, co.tokens.admin, {
      role: supervisorRole,
      startDate: `${dayFromToday(2)}T00:00:00.000Z`,
      endDate: dayFromToday(4),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().tempRoles).toEqual([
      {
        role: supervisorRole,
        roleName: 'supervisor',
        startDate: dayFromToday(2),
        endDate: dayFromToday(4),
        active: false,
      },
    ]);
    expect((await call(ctx, 'GET', '/api/v1/employee/list', co.tokens.agent)).statusCode).toBe(403);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, co.agent.id), eq(auditLog.action, 'user.temp_role.add')));
    expect(audit).toHaveLength(2);
    expect(audit[0].actorId).toBe(co.admin.id);

    const del = await call(ctx, 'POST', `${DEL}?user_id=${co.agent.id}`, co.tokens.admin, { role: supervisorRole });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: EMPLOYEE_TEXTS.tempRoleDeleted, tempRoles: [] });
    const gone = await call(ctx, 'POST', `${DEL}?user_id=${co.agent.id}`, co.tokens.admin, { role: supervisorRole });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 400 for missing fields, past dates and an end before the start', async () => {
    const role = co.roleIds[ROLE_NAMES.supervisor];
    const url = `${ADD}?user_id=${co.agent.id}`;
    const missing = await call(ctx, 'POST', url, co.tokens.admin, { role });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'INVALID', message: EMPLOYEE_TEXTS.tempRoleRequired });
    const noRole = await call(ctx, 'POST', url, co.tokens.admin, {
      role: '',
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe(EMPLOYEE_TEXTS.tempRoleRequired);
    const past = await call(ctx, 'POST', url, co.tokens.admin, {
      role,
      startDate: dayFromToday(-2),
      endDate: dayFromToday(1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: EMPLOYEE_TEXTS.tempRoleStartPast, field: 'startDate' });
    const reversed = await call(ctx, 'POST', url, co.tokens.admin, {
      role,
      startDate: dayFromToday(3),
      endDate: dayFromToday(1),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: EMPLOYEE_TEXTS.tempRoleEndBeforeStart, field: 'endDate' });
    const badDay = await call(ctx, 'POST', url, co.tokens.admin, {
      role,
      startDate: '2030-02-31x',
      endDate: dayFromToday(1),
    });
    expect(badDay.statusCode).toBe(400);
    expect(
      (
        await call(ctx, 'POST', `${ADD}?user_id=nope`, co.tokens.admin, {
          role,
          startDate: dayFromToday(0),
          endDate: dayFromToday(0),
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(ctx, 'POST', `${DEL}?user_id=${co.agent.id}`, co.tokens.admin, {})).statusCode).toBe(400);
  });

  it("refuses the employee's own main role with 422", async () => {
    const own = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, co.tokens.admin, {
      role: co.roleIds[ROLE_NAMES.agent],
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(EMPLOYEE_TEXTS.tempRoleIsMainRole);
  });

  it("answers 404 for another company's user or role, 403 without roles update, 401 signed out", async () => {
    const body = { role: co.roleIds[ROLE_NAMES.supervisor], startDate: dayFromToday(0), endDate: dayFromToday(1) };
    const foreignUser = await call(ctx, 'POST', `${ADD}?user_id=${other.agent.id}`, co.tokens.admin, body);
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    const foreignRole = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, co.tokens.admin, {
      ...body,
      role: other.roleIds[ROLE_NAMES.supervisor],
    });
    expect(foreignRole.statusCode).toBe(404);
    const foreignDelete = await call(ctx, 'POST', `${DEL}?user_id=${other.agent.id}`, co.tokens.admin, {
      role: body.role,
    });
    expect(foreignDelete.statusCode).toBe(404);
    // the manager has every employee permission but no roles permission
    for (const token of [co.tokens.manager, co.tokens.agent]) {
      const res = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await call(ctx, 'POST', `${DEL}?user_id=${co.agent.id}`, token, { role: body.role })).statusCode).toBe(
        403,
      );
    }
    expect((await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, undefined, body)).statusCode).toBe(401);
    expect((await call(ctx, 'POST', `${DEL}?user_id=${co.agent.id}`, undefined, { role: body.role })).statusCode).toBe(
      401,
    );
    const rows = await ctx.db.select().from(tempRoles).where(eq(tempRoles.userId, other.agent.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses to give a role holding permissions the caller lacks (no self-promotion)', async () => {
    // "Auditor" holds everything an admin holds; a supervisor who may only update roles cannot hand it out
    const [auditor] = await ctx.db.insert(roles).values({ companyId: co.companyId, name: 'Auditor' }).returning();
    await grantDefaultPermissions(ctx.db, auditor.id, 'admin', await permissionIdsByKey(ctx.db));
    const [limited] = await ctx.db.insert(roles).values({ companyId: co.companyId, name: 'Role keeper' }).returning();
    const ids = await permissionIdsByKey(ctx.db);
    await ctx.db.insert(rolePermissions).values([
      { roleId: limited.id, permissionId: ids.get('roles:update')! },
      { roleId: limited.id, permissionId: ids.get('roles:view')! },
    ]);
    await ctx.db.insert(tempRoles).values({
      userId: co.supervisor.id,
      roleId: limited.id,
      startDate: isoDay(new Date()),
      endDate: dayFromToday(1),
    });
    const res = await call(ctx, 'POST', `${ADD}?user_id=${co.supervisor.id}`, co.tokens.supervisor, {
      role: auditor.id,
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
    // a role within what the supervisor holds is fine
    const ok = await call(ctx, 'POST', `${ADD}?user_id=${co.supervisor.id}`, co.tokens.supervisor, {
      role: limited.id,
      startDate: dayFromToday(0),
      endDate: dayFromToday(2),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a temporary role grants between its dates and stops after the end date', () => {
  let ctx: TestContext;
  let later: TestContext;
  let co: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // the same database three days on
    later = await buildTestApp({}, { deps: { now: () => new Date(Date.now() + 3 * 86_400_000) } });
    co = await buildStaffedCompany(ctx);
  });
  afterAll(async () => {
    await later.close();
    await ctx.close();
  });

  it('grants today and tomorrow, not the day after', async () => {
    const role = co.roleIds[ROLE_NAMES.manager];
    const add = await call(ctx, 'POST', `${ADD}?user_id=${co.agent.id}`, co.tokens.admin, {
      role,
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(add.statusCode).toBe(200);
    // today: the agent holds the manager's employee_list permissions
    expect((await call(ctx, 'GET', '/api/v1/employee/list', co.tokens.agent)).statusCode).toBe(200);
    const details = (await call(ctx, 'GET', '/api/v1/permissions/user-details', co.tokens.agent)).json();
    expect(
      details.permissions.map((p: { role_name: string; temporary: boolean }) => [p.role_name, p.temporary]),
    ).toEqual([
      ['agent', false],
      ['manager', true],
    ]);
    // three days on, the same token: refused, and the temporary role is no longer listed as held
    const after = await call(later, 'GET', '/api/v1/employee/list', co.tokens.agent);
    expect(after.statusCode).toBe(403);
    const laterDetails = (await call(later, 'GET', '/api/v1/permissions/user-details', co.tokens.agent)).json();
    expect(laterDetails.permissions.map((p: { role_name: string }) => p.role_name)).toEqual(['agent']);
    // the employee list of that day shows it as inactive
    const row = (await call(later, 'GET', '/api/v1/employee/list?textSearch=Alex', co.tokens.admin)).json()
      .employees[0];
    expect(row.tempRoles[0]).toMatchObject({ roleName: 'manager', active: false });
  });

  it('does not grant before its start date', async () => {
    const role = co.roleIds[ROLE_NAMES.manager];
    const other = co.supervisor; // supervisor lacks employee_list delete
    const add = await call(ctx, 'POST', `${ADD}?user_id=${other.id}`, co.tokens.admin, {
      role,
      startDate: dayFromToday(2),
      endDate: dayFromToday(5),
    });
    expect(add.statusCode).toBe(200);
    const tryDelete = (c: TestContext) =>
      call(c, 'POST', '/api/v1/employee/delete', co.tokens.supervisor, { id: co.agent.id });
    expect((await tryDelete(ctx)).statusCode).toBe(403);
    const res = await tryDelete(later);
    expect(res.statusCode).toBe(200);
  });
});
