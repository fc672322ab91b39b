import type { PermissionType } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { type CompanyRecord, type MaybeRecord, requireCompany, requirePermission } from './core';

export type GroupAction = PermissionType;

/**
 * Groups: the action needs the same `groups` permission (403); the group must be of the caller's company
 * (404). Without a group (a create, or before it is loaded): the permission only.
 */
export function assertCanGroup(actor: Actor, action: GroupAction): void;
export function assertCanGroup<R extends CompanyRecord>(
  actor: Actor,
  action: GroupAction,
  group: R | null | undefined,
): asserts group is R;
export function assertCanGroup(actor: Actor, action: GroupAction, ...group: MaybeRecord<CompanyRecord>): void {
  requirePermission(actor, 'groups', action);
  if (group.length) requireCompany(actor, group[0]);
}
