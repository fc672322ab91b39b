import type { TNotificationItem } from '@sim/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  groupMembers,
  groups,
  notificationRecipients,
  notifications,
  permissions,
  rolePermissions,
  tasks,
  tempRoles,
  users,
} from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';

const sender = alias(users, 'sender');
const recipientsCount = sql<number>`(
  select count(*)::int from ${notificationRecipients} nr where nr.notification_id = "notifications"."id")`;

export interface ListParams {
  skip: number;
  limit: number;
  textSearch: string;
  order: 'asc' | 'desc';
}

function selectItems(db: DbOrTx, isNew: ReturnType<typeof sql<boolean>>) {
  return db
    .select({
      id: notifications.id,
      message: notifications.message,
      link: notifications.link,
      isNew,
      createdAt: notifications.createdAt,
      senderId: sender.id,
      senderName: fullName(sender),
      senderPic: sender.profilePicUrl,
      recipientsCount,
    })
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.createdBy));
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];
const toItem = (r: ItemRow): TNotificationItem => ({
  _id: r.id,
  message: r.message,
  link: r.link,
  isNew: Boolean(r.isNew),
  created_date: r.createdAt.toISOString(),
  created_by: r.senderId ? { _id: r.senderId, name: r.senderName, profile_pic: r.senderPic } : null,
  recipients_count: r.recipientsCount,
});

/** Every notification sent in the company (the admin NOTIFICATIONS tab). */
export async function listSent(db: DbOrTx, companyId: string, p: ListParams) {
  const where = and(
    eq(notifications.companyId, companyId),
    p.textSearch ? ilike(notifications.message, likePattern(p.textSearch)) : undefined,
  );
  const dir = p.order === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db, sql<boolean>`false`)
      .where(where)
      .orderBy(dir(notifications.createdAt), asc(notifications.id))
      .limit(p.limit)
      .offset(p.skip),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { notifList: rows.map(toItem), total };
}

/** The notifications addressed to the user (the bell). */
export async function listInbox(db: DbOrTx, companyId: string, userId: string, p: ListParams) {
  const where = and(
    eq(notificationRecipients.userId, userId),
    eq(notifications.companyId, companyId),
    p.textSearch ? ilike(notifications.message, likePattern(p.textSearch)) : undefined,
  );
  const dir = p.order === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db, sql<boolean>`${notificationRecipients.isNew}`)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(where)
      .orderBy(dir(notifications.createdAt), asc(notifications.id))
      .limit(p.limit)
      .offset(p.skip),
    db
      .select({ total: count() })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(where),
  ]);
  return { notifList: rows.map(toItem), total };
}

export async function companyGroupIds(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Active members of the groups. */
export async function membersOfGroups(db: DbOrTx, groupIds: readonly string[]) {
  if (!groupIds.length) return [];
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(groupMembers)
    .innerJoin(users, and(eq(users.id, groupMembers.userId), isNull(users.deletedAt)))
    .where(inArray(groupMembers.groupId, [...groupIds]));
  return rows.map((r) => r.id);
}

export async function insertNotification(
  db: DbOrTx,
  values: { companyId: string; message: string; createdBy: string; now: Date; link?: string | null },
  recipientIds: readonly string[],
) {
  const [row] = await db
    .insert(notifications)
    .values({
      companyId: values.companyId,
      message: values.message,
      link: values.link ?? null,
      createdBy: values.createdBy,
      createdAt: values.now,
    })
    .returning({ id: notifications.id });
  await db
    .insert(notificationRecipients)
    .values(recipientIds.map((userId) => ({ notificationId: row.id, userId })))
    .onConflictDoNothing();
  return row.id;
}

/** Of `ids`, those addressed to the user. */
export async function ownNotificationIds(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: notificationRecipients.notificationId })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.userId, userId), inArray(notificationRecipients.notificationId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function markRead(db: DbOrTx, userId: string, ids: readonly string[] | 'all', now: Date) {
  if (ids !== 'all' && !ids.length) return;
  await db
    .update(notificationRecipients)
    .set({ isNew: false, readAt: now })
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.isNew, true),
        ids === 'all' ? undefined : inArray(notificationRecipients.notificationId, [...ids]),
      ),
    );
}

/** How many of the user's notifications are new (unread). */
export async function countNewNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationRecipients)
    .where(and(eq(notificationRecipients.userId, userId), eq(notificationRecipients.isNew, true)));
  return row?.n ?? 0;
}

/**
 * The users of the company (not deleted) whose role or one of whose temporary roles grants the task's
 * permission: the candidates a caller then checks against the policy with their effective permissions (a
 * disabled role, a temporary role out of its dates, a learner's account are decided there).
 */
export async function grantedUserIds(
  db: DbOrTx,
  companyId: string,
  grant: { task: string; type: string },
): Promise<string[]> {
  const granting = sql`(select ${rolePermissions.roleId} from ${rolePermissions}
    join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
    join ${tasks} on ${tasks.id} = ${permissions.taskId}
    where ${tasks.name} = ${grant.task} and ${permissions.type} = ${grant.type})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        sql`(${users.roleId} in ${granting} or exists (select 1 from ${tempRoles}
          where ${tempRoles.userId} = ${users.id} and ${tempRoles.roleId} in ${granting}))`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
