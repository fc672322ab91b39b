import {
  ADMIN_TEXTS,
  NOTIFICATION_SENT_PAGE,
  type ZNotificationListQuery,
  type ZNotificationReadRequest,
  type ZSaveNotificationRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { NotFound, RuleBroken } from '../../lib/errors';
import { assertCanNotification } from '../../policies/notification';
import { mayReview } from '../../policies/result';
import { activeUserIds } from '../groups/service';
import { loadUserAccess } from '../permissions/service';
import * as repo from './repository';

/**
 * Sends a notification: the recipients are the active members of the chosen groups plus the chosen
 * users (all of the caller's company, else 404), without the sender. None left: 422.
 */
export async function sendNotification(deps: AppDeps, actor: Actor, body: z.output<typeof ZSaveNotificationRequest>) {
  const groupIds = [...new Set(body.groups)];
  const userIds = [...new Set(body.receipts)];
  const [knownGroups, knownUsers] = await Promise.all([
    repo.companyGroupIds(deps.db, actor.companyId, groupIds),
    activeUserIds(deps, actor.companyId, userIds),
  ]);
  if (knownGroups.size !== groupIds.length || knownUsers.size !== userIds.length) throw NotFound();
  const recipients = new Set([...(await repo.membersOfGroups(deps.db, groupIds)), ...userIds]);
  recipients.delete(actor.userId);
  if (!recipients.size) throw RuleBroken(ADMIN_TEXTS.notificationNoRecipients);
  const id = await deps.db.transaction((tx) =>
    repo.insertNotification(
      tx,
      { companyId: actor.companyId, message: body.notification, createdBy: actor.userId, now: deps.now() },
      [...recipients],
    ),
  );
  return { _id: id, recipients_count: recipients.size };
}

/**
 * A notification from one user to others of the company, written inside the caller's transaction (a
 * review decision tells the learner in the same transaction as the decision). Answers its id.
 */
export function notifyUsers(
  tx: DbOrTx,
  n: { companyId: string; message: string; createdBy: string; now: Date; link?: string | null },
  userIds: readonly string[],
): Promise<string> {
  return repo.insertNotification(tx, n, userIds);
}

/**
 * The reviewers of an assignment (issue 31): the users of its company who may mark it PASS / NO PASS, as the
 * review policy decides on their effective permissions today (role and active temporary roles), never its
 * learner. The candidates are read in one query, then each one's access.
 */
export async function reviewersOf(
  tx: DbOrTx,
  assignment: { companyId: string; assignedToId: string },
  now: Date,
): Promise<string[]> {
  const candidates = await repo.grantedUserIds(tx, assignment.companyId, { task: 'review_assignments', type: 'view' });
  const out: string[] = [];
  for (const id of candidates) {
    const access = await loadUserAccess(tx, id, now, assignment.companyId);
    if (access && mayReview(access.actor, assignment)) out.push(id);
  }
  return out;
}

/** 'sent': the company's sent notifications (notifications view); otherwise the caller's own. */
export async function listNotifications(deps: AppDeps, actor: Actor, q: z.output<typeof ZNotificationListQuery>) {
  if (q.notificationListingPage === NOTIFICATION_SENT_PAGE) {
    assertCanNotification(actor, 'view');
    return repo.listSent(deps.db, actor.companyId, q);
  }
  return repo.listInbox(deps.db, actor.companyId, actor.userId, q);
}

/** Marks the caller's notifications read (every new one with `all`); answers the new count. */
export async function markRead(deps: AppDeps, actor: Actor, body: z.output<typeof ZNotificationReadRequest>) {
  const ids = [...new Set(body.notificationIds)];
  const own = await repo.ownNotificationIds(deps.db, actor.userId, ids);
  if (own.size !== ids.length) throw NotFound();
  await repo.markRead(deps.db, actor.userId, body.all ? 'all' : ids, deps.now());
  return newNotificationsCount(deps, actor.userId);
}

/** How many of the user's notifications are new (the count the session and the bell show). */
export function newNotificationsCount(deps: AppDeps, userId: string): Promise<number> {
  return repo.countNewNotifications(deps.db, userId);
}
