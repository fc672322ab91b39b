import {
  ADMIN_TASKS,
  type EmployeeSortColumn,
  isTempRoleActive,
  type PermissionKey,
  type PermissionType,
  permissionKey,
  type TaskName,
  type TEmployeeListQuery,
  type TEmployeeTempRole,
} from '@sim/shared';
import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  groupMembers,
  groups,
  permissions,
  rolePermissions,
  roles,
  tasks,
  tempRoles,
  users,
} from '../../db/schema/index';
import { companyUsers, employeeSearch } from '../../db/sql-helpers';
import { naturalCollation, naturalKey } from './natural-order';

const groupNames = sql`coalesce((
  select string_agg(g.name, ', ' order by lower(g.name))
  from ${groupMembers} gm join ${groups} g on g.id = gm.group_id and g.company_id = ${users.companyId}
  where gm.user_id = ${users.id}), '')`;
const tempRoleNames = sql`coalesce((
  select string_agg(r.name, ', ' order by lower(r.name))
  from ${tempRoles} t join ${roles} r on r.id = t.role_id and r.company_id = ${users.companyId}
  where t.user_id = ${users.id}), '')`;

/** The text each sort compares, in natural order (natural-order.ts). */
const SORT: Record<EmployeeSortColumn, SQL> = {
  first_name: sql`${users.firstName}`,
  last_name: sql`${users.lastName}`,
  email: sql`${users.email}`,
  role: sql`coalesce(${roles.name}, '')`,
  tempRoles: tempRoleNames,
  groups: groupNames,
  status: sql`${users.status} || ' ' || ${users.subStatus}`,
  title: sql`coalesce(${users.title}, '')`,
  phone_number: sql`coalesce(${users.phoneNumber}, '')`,
};

/**
 * `isLearnerAccess` of the row's user in SQL: no enabled role of theirs (their role, or a temporary role
 * active `today`) grants a task of the Admin product. Decided by permissions, never by the role's name.
 */
function learnerAccount(companyId: string, today: string): SQL<boolean> {
  // the company's enabled roles that grant an Admin task, as a subquery that does not depend on the row:
  // PostgreSQL evaluates it once per statement (a hashed subplan), not once per row of the page, and stops
  // at each role's first Admin grant
  const adminRoles = sql`select gr.id from ${roles} gr
    where gr.company_id = ${companyId} and not gr.disabled and exists (
      select 1 from ${rolePermissions} rp
      where rp.role_id = gr.id and rp.permission_id in (
        select ${permissions.id} from ${permissions} join ${tasks} on ${tasks.id} = ${permissions.taskId}
        where ${inArray(tasks.name, [...ADMIN_TASKS])}))`;
  return sql<boolean>`not (
    (${users.roleId} is not null and ${users.roleId} in (${adminRoles}))
    or exists (
      select 1 from ${tempRoles} t
      where t.user_id = ${users.id} and t.start_date <= ${today} and t.end_date >= ${today}
        and t.role_id in (${adminRoles})))`;
}

/**
 * The employee list query of one sort: the company and the day are values, or placeholders of a prepared
 * statement (drizzle binds a placeholder where the value would be bound). The page's groups and temporary
 * roles are in the same statement (PostgreSQL evaluates these subqueries after the sort and limit, for the
 * rows of the page only); same orders as groupsOfUsers, tempRolesOfUsers.
 */
function employeeListSelect(
  db: DbOrTx,
  companyId: string | Placeholder,
  today: string | Placeholder,
  search: SQL | undefined,
  sortBy: EmployeeSortColumn,
  order: TEmployeeListQuery['order'],
  natural: boolean,
) {
  const dir = order === 'desc' ? desc : asc;
  const key = (expression: SQL) => naturalKey(expression, natural);
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
      status: users.status,
      subStatus: users.subStatus,
      title: users.title,
      phoneNumber: users.phoneNumber,
      profilePicUrl: users.profilePicUrl,
      total: sql<number>`(count(*) over ())::int`,
      groups: sql<{ _id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('_id', g.id, 'name', g.name) order by lower(g.name))
        from ${groupMembers} gm join ${groups} g on g.id = gm.group_id and g.company_id = ${companyId}
        where gm.user_id = ${users.id}), '[]')`,
      tempRoles: sql<{ role: string; roleName: string; startDate: string; endDate: string }[]>`coalesce((
        select json_agg(json_build_object('role', t.role_id, 'roleName', tr.name, 'startDate', t.start_date,
          'endDate', t.end_date) order by t.start_date, lower(tr.name))
        from ${tempRoles} t join ${roles} tr on tr.id = t.role_id and tr.company_id = ${companyId}
        where t.user_id = ${users.id}), '[]')`,
      learner: learnerAccount(companyId as string, today as string),
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(and(companyUsers(companyId as string), search))
    .orderBy(
      dir(key(SORT[sortBy])),
      asc(key(sql`${users.firstName}`)),
      asc(key(sql`${users.lastName}`)),
      asc(users.id),
    );
}

/**
 * The list without a search (the usual call) as named prepared statements, one per sort, order and database
 * handle: built once, and parsed once per connection by PostgreSQL. The first page has no OFFSET: PostgreSQL
 * then estimates its generic plan no dearer than a custom one and keeps it after five calls (no planning per
 * call, about half the database's time for this list); an OFFSET parameter, whose value it cannot see, makes
 * the generic plan look dearer and every call planned again.
 */
function preparedEmployeeList(
  db: DbOrTx,
  sortBy: EmployeeSortColumn,
  order: TEmployeeListQuery['order'],
  firstPage: boolean,
  natural: boolean,
) {
  const key = `${sortBy}_${order}${firstPage ? '_first' : ''}${natural ? '_natural' : ''}`;
  let byKey = preparedEmployeeLists.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedEmployeeLists.set(db, byKey);
  }
  let statement = byKey.get(key);
  if (!statement) {
    const page = employeeListSelect(
      db,
      sql.placeholder('companyId'),
      sql.placeholder('today'),
      undefined,
      sortBy,
      order,
      natural,
    ).limit(sql.placeholder('limit'));
    statement = (firstPage ? page : page.offset(sql.placeholder('skip'))).prepare(`employee_list_${key}`);
    byKey.set(key, statement);
  }
  return statement;
}
type PreparedEmployeeList = ReturnType<ReturnType<ReturnType<typeof employeeListSelect>['limit']>['prepare']>;
const preparedEmployeeLists = new WeakMap<DbOrTx, Map<string, PreparedEmployeeList>>();

/**
 * One page of the employee list, sorted and searched on the server, with the total that matches and each
 * row's groups and temporary roles (`active` as of `today`) and whether it is a learner's account, in one query.
 */
export async function listEmployees(db: Db, companyId: string, query: TEmployeeListQuery, today: string) {
  const search = employeeSearch(query.textSearch);
  const natural = await naturalCollation(db);
  const rows = search
    ? await employeeListSelect(db, companyId, today, search, query.sortBy, query.order, natural)
        .limit(query.limit)
        .offset(query.skip)
    : await preparedEmployeeList(db, query.sortBy, query.order, query.skip === 0, natural).execute({
        companyId,
        today,
        limit: query.limit,
        skip: query.skip,
      });
  // the page and the total that matches in one query; a page past the end has no row to carry the total
  const total =
    rows.length > 0 || query.skip === 0
      ? (rows[0]?.total ?? 0)
      : (
          await db
            .select({ total: count() })
            .from(users)
            .where(and(companyUsers(companyId), search))
        )[0].total;
  return {
    rows: rows.map(({ total: _, tempRoles: temps, ...row }) => ({
      ...row,
      tempRoles: temps.map((t): TEmployeeTempRole => ({ ...t, active: isTempRoleActive(t, today) })),
    })),
    total,
  };
}

/** The groups of these users (of their company), by user id. */
export async function groupsOfUsers(db: DbOrTx, companyId: string, userIds: string[]) {
  const out = new Map<string, { _id: string; name: string }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: groupMembers.userId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.companyId, companyId)))
    .where(inArray(groupMembers.userId, userIds))
    .orderBy(asc(sql`lower(${groups.name})`));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ _id: r.id, name: r.name });
    out.set(r.userId, list);
  }
  return out;
}

/** The temporary roles of these users (roles of their company), by user id, soonest first. */
export async function tempRolesOfUsers(db: DbOrTx, companyId: string, userIds: string[], today: string) {
  const out = new Map<string, TEmployeeTempRole[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: tempRoles.userId,
      roleId: tempRoles.roleId,
      roleName: roles.name,
      startDate: tempRoles.startDate,
      endDate: tempRoles.endDate,
    })
    .from(tempRoles)
    .innerJoin(roles, and(eq(roles.id, tempRoles.roleId), eq(roles.companyId, companyId)))
    .where(inArray(tempRoles.userId, userIds))
    .orderBy(asc(tempRoles.startDate), asc(sql`lower(${roles.name})`));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({
      role: r.roleId,
      roleName: r.roleName,
      startDate: r.startDate,
      endDate: r.endDate,
      active: isTempRoleActive(r, today),
    });
    out.set(r.userId, list);
  }
  return out;
}

/** Every active employee of the company, by name (for pickers). */
export async function minimalEmployees(db: DbOrTx, companyId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleName: roles.name,
      profilePicUrl: users.profilePicUrl,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(companyUsers(companyId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(5000);
}

/** An active user of the company, or null (unknown, deleted, or of another company). */
export async function findEmployee(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.name,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(and(companyUsers(companyId), eq(users.id, userId)));
  return row ?? null;
}

export async function softDeleteUser(db: DbOrTx, companyId: string, userId: string, now: Date) {
  const deleted = await db
    .update(users)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(companyUsers(companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

export async function findRole(db: DbOrTx, companyId: string, roleId: string) {
  const [row] = await db
    .select({ id: roles.id, name: roles.name, disabled: roles.disabled })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)));
  return row ?? null;
}

export async function companyRoles(db: DbOrTx, companyId: string) {
  return db
    .select({ id: roles.id, name: roles.name, disabled: roles.disabled })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(sql`lower(${roles.name})`));
}

export async function companyGroups(db: DbOrTx, companyId: string) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(sql`lower(${groups.name})`));
}

/** The permissions a role grants (whether or not it is disabled: it may be enabled later). */
export async function roleGrantKeys(db: DbOrTx, roleId: string): Promise<Set<PermissionKey>> {
  const rows = await db
    .select({ task: tasks.name, type: permissions.type })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(tasks, eq(tasks.id, permissions.taskId))
    .where(eq(rolePermissions.roleId, roleId));
  return new Set(rows.map((r) => permissionKey(r.task as TaskName, r.type as PermissionType)));
}

/** Adds a temporary role, or moves the dates of the one the user already has. */
export async function upsertTempRole(
  db: DbOrTx,
  values: { userId: string; roleId: string; startDate: string; endDate: string; createdBy: string },
) {
  await db
    .insert(tempRoles)
    .values(values)
    .onConflictDoUpdate({
      target: [tempRoles.userId, tempRoles.roleId],
      set: { startDate: values.startDate, endDate: values.endDate, createdBy: values.createdBy },
    });
}

export async function deleteTempRole(db: DbOrTx, userId: string, roleId: string) {
  const deleted = await db
    .delete(tempRoles)
    .where(and(eq(tempRoles.userId, userId), eq(tempRoles.roleId, roleId)))
    .returning({ id: tempRoles.id });
  return deleted.length > 0;
}
