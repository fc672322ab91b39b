import type { PermissionType } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { type CompanyRecord, type MaybeRecord, requireCompany, requirePermission } from './core';

/** view/create/update/delete: the `roles` task; `grant`: set the role's permissions in the matrix (permissions create). */
export type RoleAction = PermissionType | 'grant';

/**
 * Roles: the action's permission (403); the role must be of the caller's company — of any company for a
 * platform administrator, who manages every company's roles (404 otherwise). A create passes the company
 * the role goes to (`{ companyId }`); without a record: the permission only.
 */
export function assertCanRole(actor: Actor, action: RoleAction): void;
export function assertCanRole<R extends CompanyRecord>(
  actor: Actor,
  action: RoleAction,
  role: R | null | undefined,
): asserts role is R;
export function assertCanRole(actor: Actor, action: RoleAction, ...role: MaybeRecord<CompanyRecord>): void {
  if (action === 'grant') requirePermission(actor, 'permissions', 'create');
  else requirePermission(actor, 'roles', action);
  if (role.length) requireCompany(actor, role[0], { platformWide: true });
}
