import type { Actor } from '../lib/actor';
import { type CompanyRecord, type MaybeRecord, requireCompany, requirePermission } from './core';

/**
 * view   — the company's sent notifications (notifications view); one's own inbox needs no permission
 * create — send one (notifications create)
 */
export type NotificationAction = 'view' | 'create';

/**
 * Notifications: the action's permission (403); a notification of the caller's company (404). Without a
 * notification (the sent list, a new one): the permission only.
 */
export function assertCanNotification(actor: Actor, action: NotificationAction): void;
export function assertCanNotification<R extends CompanyRecord>(
  actor: Actor,
  action: NotificationAction,
  notification: R | null | undefined,
): asserts notification is R;
export function assertCanNotification(
  actor: Actor,
  action: NotificationAction,
  ...notification: MaybeRecord<CompanyRecord>
): void {
  requirePermission(actor, 'notifications', action);
  if (notification.length) requireCompany(actor, notification[0]);
}
