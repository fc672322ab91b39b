import type { TRole, ZRoleListQuery } from '@sim/shared';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rolePermissions, roles, tempRoles, users } from '../../db/schema/index';
import { likePattern } from '../../db/sql-helpers';

type RoleListQuery = z.output<typeof ZRoleListQuery>;

/**
 * Users holding the role as their role, or as a temporary role that has not ended by `today`.
 * "roles"."id" is written out: drizzle leaves a single-table select's columns unqualified.
 */
const usersCount = (today: string) => sql<number>`(
  select count(*)::int from ${users} u where u.deleted_at is null and (
    u.role_id = "roles"."id"
    or exists (select 1 from ${tempRoles} t where t.user_id = u.id and t.role_id = "roles"."id" and t.end_date >= ${today})))`;

function selectRoles(db: DbOrTx, today: string) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      companyId: roles.companyId,
      disabled: roles.disabled,
      duplicateFrom: roles.duplicateFrom,
      usersCount: usersCount(today),
      createdAt: roles.createdAt,
    })
    .from(roles);
}
type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRoles>['where']>>[number];
const toRole = (r: RoleRow): TRole => ({
  _id: r.id,
  name: r.name,
  company_id: r.companyId,
  disabled: r.disabled,
  duplicate_from: r.duplicateFrom,
  users_count: r.usersCount,
  created_at: r.createdAt.toISOString(),
});

const SORT = {
  name: sql`lower(${roles.name})`,
  disabled: sql`${roles.disabled}`,
  created_at: sql`${roles.createdAt}`,
} as const;

export async function listRoles(db: DbOrTx, companyId: string, q: RoleListQuery, today: string) {
  const where = and(
    eq(roles.companyId, companyId),
    q.textSearch ? ilike(roles.name, likePattern(q.textSearch)) : undefined,
  );
  const dir = q.order === 'desc' ? desc : asc;
  const base = selectRoles(db, today).where(where).orderBy(dir(SORT[q.sortBy]), asc(roles.id)).offset(q.skip);
  const [rows, [{ total }]] = await Promise.all([
    q.limit ? base.limit(q.limit) : base,
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { roles: rows.map(toRole), total };
}

/** A role of the company (or of any company when companyId is null). */
export async function findRole(db: DbOrTx, companyId: string | null, id: string, today: string) {
  const [row] = await selectRoles(db, today).where(
    and(eq(roles.id, id), companyId ? eq(roles.companyId, companyId) : undefined),
  );
  return row ? toRole(row) : null;
}

export async function roleNameTaken(db: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRole(
  db: DbOrTx,
  values: { companyId: string; name: string; disabled: boolean; duplicateFrom: string | null; now: Date },
) {
  const [row] = await db
    .insert(roles)
    .values({
      companyId: values.companyId,
      name: values.name,
      disabled: values.disabled,
      duplicateFrom: values.duplicateFrom,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: roles.id });
  return row.id;
}

export async function updateRole(db: DbOrTx, id: string, values: { name: string; disabled: boolean; now: Date }) {
  await db
    .update(roles)
    .set({ name: values.name, disabled: values.disabled, updatedAt: values.now })
    .where(eq(roles.id, id));
}

export async function copyRolePermissions(db: DbOrTx, fromRoleId: string, toRoleId: string) {
  const held = await db
    .select({ permissionId: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, fromRoleId));
  if (held.length)
    await db
      .insert(rolePermissions)
      .values(held.map((h) => ({ roleId: toRoleId, permissionId: h.permissionId })))
      .onConflictDoNothing();
}

export async function deleteRole(db: DbOrTx, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}
