import { EMPLOYEE_TEXTS, isoDay, MESSAGES, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions, roles, tempRoles } from '../src/db/schema/index';
import { grantDefaultPermissions, permissionIdsByKey } from '../src/modules/permissions/catalogue';
import {
  buildStaffedCompany,
  buildTestApp,
  caller,
  dayFromToday,
  type StaffedCompany,
  staffedCompany,
  type TestContext,
  testApp,
} from './factories';

const ADD = '/api/v1/roles/add-temp-role';
const DEL = '/api/v1/roles/delete-temp-role';

describe('POST /api/v1/roles/add-temp-role and /delete-temp-role', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  it('assigns a role of the company between two dates, moves the dates when assigned again, and removes it', async () => {
    const supervisorRole = co.company.roleIds[ROLE_NAMES.supervisor];
    const body = { role: supervisorRole, startDate: dayFromToday(0), endDate: dayFromToday(5) };
    const res = await co.as.admin.post(`${ADD}?user_id=${co.users.agent.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: EMPLOYEE_TEXTS.tempRoleAssigned,
      tempRoles: [{ roleName: 'supervisor', ...body, active: true }],
    });
    // the agent now holds the supervisor's permissions
    const list = await co.as.agent.get('/api/v1/employee/list');
    expect(list.statusCode).toBe(200);

    // assigned again: new dates, still one entry; an ISO date-time is read as its day
    const again = await co.as.admin.post(`${ADD}?user_id=${co.users.agent.id}`, {
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
    expect((await co.as.agent.get('/api/v1/employee/list')).statusCode).toBe(403);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, co.users.agent.id), eq(auditLog.action, 'user.temp_role.add')));
    expect(audit).toHaveLength(2);
    expect(audit[0].actorId).toBe(co.users.admin.id);

    const del = await co.as.admin.post(`${DEL}?user_id=${co.users.agent.id}`, { role: supervisorRole });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: EMPLOYEE_TEXTS.tempRoleDeleted, tempRoles: [] });
    const gone = await co.as.admin.post(`${DEL}?user_id=${co.users.agent.id}`, { role: supervisorRole });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 400 for missing fields, past dates and an end before the start', async () => {
    const role = co.company.roleIds[ROLE_NAMES.supervisor];
    const url = `${ADD}?user_id=${co.users.agent.id}`;
    const missing = await co.as.admin.post(url, { role });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'INVALID', message: EMPLOYEE_TEXTS.tempRoleRequired });
    const noRole = await co.as.admin.post(url, {
      role: '',
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe(EMPLOYEE_TEXTS.tempRoleRequired);
    const past = await co.as.admin.post(url, {
      role,
      startDate: dayFromToday(-2),
      endDate: dayFromToday(1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: EMPLOYEE_TEXTS.tempRoleStartPast, field: 'startDate' });
    const reversed = await co.as.admin.post(url, {
      role,
      startDate: dayFromToday(3),
      endDate: dayFromToday(1),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: EMPLOYEE_TEXTS.tempRoleEndBeforeStart, field: 'endDate' });
    const badDay = await co.as.admin.post(url, {
      role,
      startDate: '2030-02-31x',
      endDate: dayFromToday(1),
    });
    expect(badDay.statusCode).toBe(400);
    expect(
      (
        await co.as.admin.post(`${ADD}?user_id=nope`, {
          role,
          startDate: dayFromToday(0),
          endDate: dayFromToday(0),
        })
      ).statusCode,
    ).toBe(400);
    expect((await co.as.admin.post(`${DEL}?user_id=${co.users.agent.id}`, {})).statusCode).toBe(400);
  });

  it("refuses the employee's own main role with 422", async () => {
    const own = await co.as.admin.post(`${ADD}?user_id=${co.users.agent.id}`, {
      role: co.company.roleIds[ROLE_NAMES.agent],
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(EMPLOYEE_TEXTS.tempRoleIsMainRole);
  });

  it("answers 404 for another company's user or role, 403 without roles update, 401 signed out", async () => {
    const body = {
      role: co.company.roleIds[ROLE_NAMES.supervisor],
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    };
    const foreignUser = await co.as.admin.post(`${ADD}?user_id=${other.users.agent.id}`, body);
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    const foreignRole = await co.as.admin.post(`${ADD}?user_id=${co.users.agent.id}`, {
      ...body,
      role: other.company.roleIds[ROLE_NAMES.supervisor],
    });
    expect(foreignRole.statusCode).toBe(404);
    const foreignDelete = await co.as.admin.post(`${DEL}?user_id=${other.users.agent.id}`, {
      role: body.role,
    });
    expect(foreignDelete.statusCode).toBe(404);
    // the manager has every employee permission but no roles permission
    for (const token of [co.tokens.manager, co.tokens.agent]) {
      const res = await caller(ctx, token).post(`${ADD}?user_id=${co.users.agent.id}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(
        (await caller(ctx, token).post(`${DEL}?user_id=${co.users.agent.id}`, { role: body.role })).statusCode,
      ).toBe(403);
    }
    expect((await caller(ctx, null).post(`${ADD}?user_id=${co.users.agent.id}`, body)).statusCode).toBe(401);
    expect((await caller(ctx, null).post(`${DEL}?user_id=${co.users.agent.id}`, { role: body.role })).statusCode).toBe(
      401,
    );
    const rows = await ctx.db.select().from(tempRoles).where(eq(tempRoles.userId, other.users.agent.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses to give a role holding permissions the caller lacks (no self-promotion)', async () => {
    // "Auditor" holds everything an admin holds; a supervisor who may only update roles cannot hand it out
    const [auditor] = await ctx.db
      .insert(roles)
      .values({ companyId: co.company.companyId, name: 'Auditor' })
      .returning();
    await grantDefaultPermissions(ctx.db, auditor.id, 'admin', await permissionIdsByKey(ctx.db));
    const [limited] = await ctx.db
      .insert(roles)
      .values({ companyId: co.company.companyId, name: 'Role keeper' })
      .returning();
    const ids = await permissionIdsByKey(ctx.db);
    await ctx.db.insert(rolePermissions).values([
      { roleId: limited.id, permissionId: ids.get('roles:update')! },
      { roleId: limited.id, permissionId: ids.get('roles:view')! },
    ]);
    await ctx.db.insert(tempRoles).values({
      userId: co.users.supervisor.id,
      roleId: limited.id,
      startDate: isoDay(new Date()),
      endDate: dayFromToday(1),
    });
    const res = await co.as.supervisor.post(`${ADD}?user_id=${co.users.supervisor.id}`, {
      role: auditor.id,
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
    // a role within what the supervisor holds is fine
    const ok = await co.as.supervisor.post(`${ADD}?user_id=${co.users.supervisor.id}`, {
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
  let co: StaffedCompany<{ cohort: true }>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // the same database three days on
    later = await buildTestApp({}, { deps: { now: () => new Date(Date.now() + 3 * 86_400_000) } });
    co = await buildStaffedCompany(ctx, { cohort: true });
  });
  afterAll(async () => {
    await later.close();
    await ctx.close();
  });

  it('grants today and tomorrow, not the day after', async () => {
    const role = co.company.roleIds[ROLE_NAMES.manager];
    const add = await co.as.admin.post(`${ADD}?user_id=${co.users.agent.id}`, {
      role,
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    expect(add.statusCode).toBe(200);
    // today: the agent holds the manager's employee_list permissions
    expect((await co.as.agent.get('/api/v1/employee/list')).statusCode).toBe(200);
    const details = (await co.as.agent.get('/api/v1/permissions/user-details')).json();
    expect(
      details.permissions.map((p: { role_name: string; temporary: boolean }) => [p.role_name, p.temporary]),
    ).toEqual([
      ['agent', false],
      ['manager', true],
    ]);
    // three days on, the same token: refused, and the temporary role is no longer listed as held
    const after = await caller(later, co.tokens.agent).get('/api/v1/employee/list');
    expect(after.statusCode).toBe(403);
    const laterDetails = (await caller(later, co.tokens.agent).get('/api/v1/permissions/user-details')).json();
    expect(laterDetails.permissions.map((p: { role_name: string }) => p.role_name)).toEqual(['agent']);
    // the employee list of that day shows it as inactive
    const row = (await caller(later, co.tokens.admin).get('/api/v1/employee/list?textSearch=Alex')).json().employees[0];
    expect(row.tempRoles[0]).toMatchObject({ roleName: 'manager', active: false });
  });

  it('does not grant before its start date', async () => {
    const role = co.company.roleIds[ROLE_NAMES.manager];
    const other = co.users.supervisor; // supervisor lacks employee_list delete
    const add = await co.as.admin.post(`${ADD}?user_id=${other.id}`, {
      role,
      startDate: dayFromToday(2),
      endDate: dayFromToday(5),
    });
    expect(add.statusCode).toBe(200);
    const tryDelete = (c: TestContext) =>
      caller(c, co.tokens.supervisor).post('/api/v1/employee/delete', { id: co.users.agent.id });
    expect((await tryDelete(ctx)).statusCode).toBe(403);
    const res = await tryDelete(later);
    expect(res.statusCode).toBe(200);
  });
});
