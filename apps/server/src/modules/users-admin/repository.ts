import { and, asc, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, groupMembers, groups, roles, users } from '../../db/schema/index';
import { companyUsers, employeeSearch } from '../../db/sql-helpers';

/** The columns of `users` a save may set (the form's fields, the password hash, the photo). */
export type UserColumns = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'nickName'
    | 'title'
    | 'email'
    | 'phoneNumber'
    | 'status'
    | 'subStatus'
    | 'roleId'
    | 'schedule'
    | 'duration'
    | 'employment'
    | 'workplace'
    | 'joinedCompany'
    | 'probation'
    | 'promoted'
    | 'outsourcer'
    | 'passwordHash'
    | 'profilePicUrl'
    | 'tokensValidAfter'
  >
>;

export async function listUsers(
  db: DbOrTx,
  companyId: string,
  query: { textSearch?: string; skip: number; limit: number },
) {
  const where = and(companyUsers(companyId), employeeSearch(query.textSearch));
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      title: users.title,
      status: users.status,
      roleId: users.roleId,
      roleName: roles.name,
      profilePicUrl: users.profilePicUrl,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(query.limit)
    .offset(query.skip);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

/** The whole record of an active user of the company (with role and company names), or null. */
export async function findUserRecord(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({
      user: users,
      roleName: roles.name,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(and(companyUsers(companyId), eq(users.id, userId)));
  return row ?? null;
}
export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUserRecord>>>;

/**
 * Whether another active user (of any company: emails sign in, so they are unique) has this email.
 * For the saves; a look-up answered to a caller uses `emailTakenInCompany`.
 */
export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Whether another active user of the company has this email (tells nothing about other companies). */
export async function emailTakenInCompany(
  db: DbOrTx,
  companyId: string,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(companyUsers(companyId), eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** How many of these group ids are groups of the company. */
export async function countCompanyGroups(db: DbOrTx, companyId: string, groupIds: string[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, groupIds)));
  return n;
}

export async function insertUser(
  db: DbOrTx,
  values: UserColumns & { companyId: string; firstName: string; lastName: string; email: string; passwordHash: string },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: DbOrTx, companyId: string, userId: string, values: UserColumns, now: Date) {
  const updated = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(companyUsers(companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Makes the user a member of exactly these groups of the company (other companies' groups untouched). */
export async function setUserGroups(db: DbOrTx, companyId: string, userId: string, groupIds: string[]) {
  const companyGroupIds = db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, companyId));
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.userId, userId),
        inArray(groupMembers.groupId, companyGroupIds),
        groupIds.length ? notInArray(groupMembers.groupId, groupIds) : undefined,
      ),
    );
  if (groupIds.length)
    await db
      .insert(groupMembers)
      .values(groupIds.map((groupId) => ({ groupId, userId })))
      .onConflictDoNothing();
}
