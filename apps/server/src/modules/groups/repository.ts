import type { TGroup, TGroupListQuery, TMemberOption } from '@sim/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups, roles, users } from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

/**
 * Members that count: not deleted users. Correlated on "groups"."id" written out: drizzle leaves columns
 * unqualified in a single-table select, where "id" would bind to the subquery's own table.
 */
const memberCount = sql<number>`(
  select count(*)::int from ${groupMembers} gm join ${users} mu on mu.id = gm.user_id
  where gm.group_id = "groups"."id" and mu.deleted_at is null)`;
const SORT: Record<TGroupListQuery['sortBy'], SQL> = {
  name: sql`lower(${groups.name})`,
  description: sql`lower(coalesce(${groups.description}, ''))`,
  created_at: sql`${groups.createdAt}`,
  updated_at: sql`${groups.updatedAt}`,
  owner: sql`lower(${fullName(owner)})`,
  member_count: memberCount,
  created_by: sql`lower(${fullName(creator)})`,
};

function selectGroups(db: DbOrTx) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      ownerId: groups.ownerId,
      ownerName: fullName(owner),
      ownerPic: owner.profilePicUrl,
      ownerDeleted: owner.deletedAt,
      creatorId: creator.id,
      creatorName: fullName(creator),
      creatorPic: creator.profilePicUrl,
      memberCount,
      createdAt: groups.createdAt,
      updatedAt: groups.updatedAt,
    })
    .from(groups)
    .leftJoin(owner, eq(owner.id, groups.ownerId))
    .leftJoin(creator, eq(creator.id, groups.createdBy));
}
type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['where']>>[number];

function toGroup(r: GroupRow): TGroup {
  const ownerVisible = r.ownerId && !r.ownerDeleted;
  return {
    _id: r.id,
    name: r.name,
    description: r.description ?? '',
    owner_id: ownerVisible ? r.ownerId : null,
    owner: ownerVisible && r.ownerId ? { _id: r.ownerId, name: r.ownerName, profile_pic: r.ownerPic } : null,
    member_count: r.memberCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    created_by: r.creatorId ? { _id: r.creatorId, name: r.creatorName, profile_pic: r.creatorPic } : null,
  };
}

export async function listGroups(db: DbOrTx, companyId: string, q: TGroupListQuery) {
  const search = q.textSearch
    ? or(
        ilike(groups.name, likePattern(q.textSearch)),
        ilike(groups.description, likePattern(q.textSearch)),
        ilike(fullName(owner), likePattern(q.textSearch)),
      )
    : undefined;
  const where = and(eq(groups.companyId, companyId), search);
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectGroups(db).where(where).orderBy(dir(SORT[q.sortBy]), asc(groups.id)).limit(q.limit).offset(q.skip),
    db.select({ total: count() }).from(groups).leftJoin(owner, eq(owner.id, groups.ownerId)).where(where),
  ]);
  return { groups: rows.map(toGroup), total };
}

export async function findGroup(db: DbOrTx, companyId: string, id: string): Promise<TGroup | null> {
  const [row] = await selectGroups(db).where(and(eq(groups.id, id), eq(groups.companyId, companyId)));
  return row ? toGroup(row) : null;
}

export async function groupNameTaken(db: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, companyId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId ? sql`${groups.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertGroup(
  db: DbOrTx,
  values: { companyId: string; name: string; description: string; ownerId: string; createdBy: string; now: Date },
) {
  const [row] = await db
    .insert(groups)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .returning({ id: groups.id });
  return row.id;
}

export async function updateGroup(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: { name: string; description: string; ownerId: string; now: Date },
) {
  const rows = await db
    .update(groups)
    .set({ name: values.name, description: values.description, ownerId: values.ownerId, updatedAt: values.now })
    .where(and(eq(groups.id, id), eq(groups.companyId, companyId)))
    .returning({ id: groups.id });
  return rows.length > 0;
}

export async function touchGroup(db: DbOrTx, id: string, now: Date) {
  await db.update(groups).set({ updatedAt: now }).where(eq(groups.id, id));
}

export async function deleteGroup(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .delete(groups)
    .where(and(eq(groups.id, id), eq(groups.companyId, companyId)))
    .returning({ id: groups.id });
  return rows.length > 0;
}

/** The ids among `ids` that are active users of the company. */
export async function activeUserIds(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.companyId, companyId), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceMembers(db: DbOrTx, groupId: string, userIds: readonly string[]) {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length)
    await db
      .insert(groupMembers)
      .values(userIds.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
}

export async function addMember(db: DbOrTx, groupId: string, userId: string) {
  await db.insert(groupMembers).values({ groupId, userId }).onConflictDoNothing();
}

export async function removeMember(db: DbOrTx, groupId: string, userId: string) {
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

function selectMembers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: roles.name,
      profilePicUrl: users.profilePicUrl,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId));
}
const toMember = (r: Awaited<ReturnType<ReturnType<typeof selectMembers>['where']>>[number]): TMemberOption => ({
  _id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  role: r.role ?? '',
  profile_pic_url: r.profilePicUrl,
});

export async function groupMembersOf(db: DbOrTx, groupId: string): Promise<TMemberOption[]> {
  const rows = await selectMembers(db)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .where(and(eq(groupMembers.groupId, groupId), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return rows.map(toMember);
}

export async function groupOptions(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ id: groups.id, name: groups.name, memberCount })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, member_count: r.memberCount }));
}
