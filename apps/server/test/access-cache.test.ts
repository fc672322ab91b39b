import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, rolePermissions, roles } from '../src/db/schema/index';
import { permissionIdsByKey } from '../src/modules/permissions/catalogue';
import {
  buildStaffedCompany,
  buildTestApp,
  buildUser,
  caller,
  dayFromToday,
  login,
  newUserBody,
  PASSWORD,
  type TestContext,
  tokenFor,
  userWithGrants,
} from './factories';

/**
 * The access hook caches a caller's access (plugins/access.ts, AccessCache) under the company's access
 * version: every change of access applies on the very next call, with the cache warm, on this instance and
 * on a second one on the same database.
 */
const GROUPS = '/api/v1/groups/listing';
const ME = '/api/v1/permissions/user-details';

describe('cached access: a change applies on the next call, on every instance', () => {
  let a: TestContext;
  let b: TestContext;
  let ids: Map<string, string>;
  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
    ids = await permissionIdsByKey(a.db);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  /** a company with its staff and a group */
  const staff = () => buildStaffedCompany(a, { cohort: true });
  /** the status of GET url with this token, on both instances (each call warms that instance's cache) */
  const both = async (url: string, token: string) =>
    [(await caller(a, token).get(url)).statusCode, (await caller(b, token).get(url)).statusCode] as const;
  /** both instances answer this status twice in a row (the second time from a warm cache) */
  async function expectBoth(url: string, token: string, status: number) {
    expect(await both(url, token)).toEqual([status, status]);
    expect(await both(url, token)).toEqual([status, status]);
  }

  it('the cache is really used: a change that bypasses the version (triggers off) is not seen at once', async () => {
    const s = await staff();
    const custom = await userWithGrants(a, s.company, [{ task: 'groups', type: 'view' }]);
    const token = custom.token;
    await expectBoth(GROUPS, token, 200);
    const version = async () =>
      (
        await a.db.select({ v: companies.accessVersion }).from(companies).where(eq(companies.id, s.company.companyId))
      )[0].v;
    const before = await version();
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, custom.roleId));
    });
    expect(await version()).toBe(before);
    expect(await both(GROUPS, token)).toEqual([200, 200]); // served from the cache
    // the same change through the normal path bumps the version: refused at once
    await a.db.delete(rolePermissions).where(eq(rolePermissions.roleId, custom.roleId));
    await a.db.insert(rolePermissions).values({ roleId: custom.roleId, permissionId: ids.get('groups:create')! });
    expect(await version()).toBeGreaterThan(before);
    await expectBoth(GROUPS, token, 403);
  });

  it('a permission removed in the matrix', async () => {
    const s = await staff();
    const custom = await userWithGrants(a, s.company, [
      { task: 'groups', type: 'view' },
      { task: 'groups', type: 'create' },
    ]);
    const token = custom.token;
    await expectBoth(GROUPS, token, 200);
    const save = await s.as.admin.post('/api/v1/roles/save-permissions', {
      permission_data: [{ role_id: custom.roleId, permissions: [ids.get('groups:create')!] }],
    });
    expect(save.statusCode, save.body).toBe(200);
    await expectBoth(GROUPS, token, 403);
    // and given back, from the other instance
    const back = await caller(b, s.tokens.admin).post('/api/v1/roles/save-permissions', {
      permission_data: [{ role_id: custom.roleId, permissions: [ids.get('groups:view')!] }],
    });
    expect(back.statusCode, back.body).toBe(200);
    await expectBoth(GROUPS, token, 200);
  });

  it('a role disabled', async () => {
    const s = await staff();
    const custom = await userWithGrants(a, s.company, [{ task: 'groups', type: 'view' }]);
    const token = custom.token;
    await expectBoth(GROUPS, token, 200);
    const [role] = await a.db.select().from(roles).where(eq(roles.id, custom.roleId));
    const off = await s.as.admin.post('/api/v1/roles', { _id: role.id, name: role.name, disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    await expectBoth(GROUPS, token, 403);
  });

  it('a temporary role added, then removed', async () => {
    const s = await staff();
    const custom = await userWithGrants(a, s.company, [{ task: 'groups', type: 'view' }]);
    const agent = await buildUser(a, s.company, { role: ROLE_NAMES.agent });
    const token = await tokenFor(a, agent);
    await expectBoth(GROUPS, token, 403);
    const add = await s.as.admin.post(`/api/v1/roles/add-temp-role?user_id=${agent.id}`, {
      role: custom.roleId,
      startDate: dayFromToday(0),
      endDate: dayFromToday(3),
    });
    expect(add.statusCode, add.body).toBe(200);
    await expectBoth(GROUPS, token, 200);
    const del = await caller(b, s.tokens.admin).post(`/api/v1/roles/delete-temp-role?user_id=${agent.id}`, {
      role: custom.roleId,
    });
    expect(del.statusCode, del.body).toBe(200);
    await expectBoth(GROUPS, token, 403);
  });

  it("a user's role changed", async () => {
    const s = await staff();
    const manager = await buildUser(a, s.company, { role: ROLE_NAMES.manager });
    const token = await tokenFor(a, manager);
    await expectBoth(GROUPS, token, 200);
    const res = await s.as.admin.post('/api/v1/users/create', {
      ...newUserBody(s.company, s.group.id, { email_id: manager.email }),
      _id: manager.id,
      role: s.company.roleIds[ROLE_NAMES.agent],
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectBoth(GROUPS, token, 403);
    const me = await caller(b, token).get(ME);
    expect(me.json().user.role).toBe(ROLE_NAMES.agent);
  });

  it('a user deactivated, and a user deleted', async () => {
    const s = await staff();
    const agent = await buildUser(a, s.company, { role: ROLE_NAMES.agent });
    const token = await tokenFor(a, agent);
    await expectBoth(ME, token, 200);
    const res = await s.as.admin.post('/api/v1/users/create', {
      ...newUserBody(s.company, s.group.id, { email_id: agent.email, status: 'inActive' }),
      _id: agent.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectBoth(ME, token, 401);
    expect((await caller(b, token).get(ME)).json().message).toBe(MESSAGES.sessionExpired);

    const other = await buildUser(a, s.company, { role: ROLE_NAMES.agent });
    const otherToken = await tokenFor(a, other);
    await expectBoth(ME, otherToken, 200);
    const del = await caller(b, s.tokens.admin).post('/api/v1/employee/delete', { id: other.id });
    expect(del.statusCode, del.body).toBe(200);
    await expectBoth(ME, otherToken, 401);
  });

  it('a password changed ends the older sessions on both instances', async () => {
    const s = await staff();
    const user = await buildUser(a, s.company, { role: ROLE_NAMES.agent });
    const old = await login(a, user.email);
    const laptop = await login(b, user.email);
    await expectBoth(ME, old, 200);
    const res = await caller(b, laptop).post('/api/v1/users/update-password', {
      current_password: PASSWORD,
      new_password: 'Another@123',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectBoth(ME, old, 401);
    await expectBoth(ME, res.json().token, 200);
  });

  it('a temporary role ends with its day although the cache is warm', async () => {
    const s = await staff();
    const custom = await userWithGrants(a, s.company, [{ task: 'groups', type: 'view' }]);
    const agent = await buildUser(a, s.company, { role: ROLE_NAMES.agent });
    const add = await s.as.admin.post(`/api/v1/roles/add-temp-role?user_id=${agent.id}`, {
      role: custom.roleId,
      startDate: dayFromToday(0),
      endDate: dayFromToday(0),
    });
    expect(add.statusCode, add.body).toBe(200);
    // an instance whose clock is 2 s before midnight, then 1 s after: well within the cache's lifetime
    let clock = new Date(`${dayFromToday(0)}T23:59:58.000Z`);
    const t = await buildTestApp({}, { deps: { now: () => clock } });
    try {
      const token = await tokenFor(t, agent);
      expect((await caller(t, token).get(GROUPS)).statusCode).toBe(200);
      expect((await caller(t, token).get(GROUPS)).statusCode).toBe(200);
      clock = new Date(`${dayFromToday(1)}T00:00:01.000Z`);
      expect((await caller(t, token).get(GROUPS)).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
