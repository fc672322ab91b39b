import { type Grant, permissionKey, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { groupMembers, groups, rolePermissions, roles } from '../src/db/schema/index';
import { permissionIdsByKey } from '../src/modules/permissions/catalogue';
import { bearer, buildCompany, buildUser, login, type TestContext, unique } from './helpers';

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A signed-in caller: GET and POST with its token (or none, for the 401 cases). */
export function caller(ctx: TestContext, token: string | null, extraHeaders: Record<string, string> = {}) {
  const headers = { ...(token ? bearer(token) : {}), ...extraHeaders };
  return {
    get: (url: string) => ctx.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: unknown = {}) =>
      ctx.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> }),
  };
}
export type Caller = ReturnType<typeof caller>;

/** A company with one user of each default role, signed in. */
export async function buildStaffedCompany(ctx: TestContext, opts: { platformAdmin?: boolean } = {}) {
  const company = await buildCompany(ctx.db);
  const admin = await buildUser(ctx.db, company, { role: ROLE_NAMES.admin, platformAdmin: opts.platformAdmin });
  const manager = await buildUser(ctx.db, company, { role: ROLE_NAMES.manager });
  const supervisor = await buildUser(ctx.db, company, { role: ROLE_NAMES.supervisor });
  const agent = await buildUser(ctx.db, company, { role: ROLE_NAMES.agent, firstName: 'Agnes' });
  const agent2 = await buildUser(ctx.db, company, { role: ROLE_NAMES.agent, firstName: 'Bruno' });
  const [adminToken, managerToken, supervisorToken, agentToken, agent2Token] = await Promise.all(
    [admin, manager, supervisor, agent, agent2].map((u) => login(ctx, u.email)),
  );
  return {
    company,
    users: { admin, manager, supervisor, agent, agent2 },
    tokens: { admin: adminToken, manager: managerToken, supervisor: supervisorToken, agent: agentToken },
    as: {
      admin: caller(ctx, adminToken),
      manager: caller(ctx, managerToken),
      supervisor: caller(ctx, supervisorToken),
      agent: caller(ctx, agentToken),
      agent2: caller(ctx, agent2Token),
      nobody: caller(ctx, null),
    },
  };
}

/** A role holding exactly these grants, and a signed-in user holding it. */
export async function userWithGrants(
  ctx: TestContext,
  company: { companyId: string; roleIds: Record<string, string> },
  grants: readonly Grant[],
) {
  const [role] = await ctx.db
    .insert(roles)
    .values({ companyId: company.companyId, name: unique('custom') })
    .returning({ id: roles.id });
  const ids = await permissionIdsByKey(ctx.db);
  await ctx.db
    .insert(rolePermissions)
    .values(grants.map((g) => ({ roleId: role.id, permissionId: ids.get(permissionKey(g.task, g.type))! })));
  const user = await buildUser(
    ctx.db,
    { ...company, roleIds: { ...company.roleIds, custom: role.id } },
    { role: 'custom' },
  );
  return { user, roleId: role.id, as: caller(ctx, await login(ctx, user.email)) };
}

export async function insertGroup(
  ctx: TestContext,
  companyId: string,
  values: { name?: string; ownerId?: string; members?: string[]; description?: string } = {},
) {
  const [g] = await ctx.db
    .insert(groups)
    .values({
      companyId,
      name: values.name ?? unique('Group'),
      description: values.description ?? null,
      ownerId: values.ownerId ?? null,
    })
    .returning();
  if (values.members?.length)
    await ctx.db.insert(groupMembers).values(values.members.map((userId) => ({ groupId: g.id, userId })));
  return g;
}

export async function memberIds(ctx: TestContext, groupId: string) {
  const rows = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.userId).sort();
}

export async function rolePermissionIds(ctx: TestContext, roleId: string) {
  const rows = await ctx.db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.id).sort();
}

export async function findRoleRow(ctx: TestContext, companyId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)));
  return row ?? null;
}

/** A failed answer: its status, code and (when given) the exact message. */
export function expectFailure(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  message?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
}

/** 403 even when the client forges the task/type headers of the route. */
export const forged = (task: string, type: string) => ({ task, type });
