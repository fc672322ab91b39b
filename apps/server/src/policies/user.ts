import { EMPLOYEE_TEXTS, isLearnerAccess, MESSAGES, type PermissionKey } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden } from '../lib/errors';
import { type CompanyRecord, holds, holdsAll, type MaybeRecord, requireCompany, requirePermission } from './core';

/**
 * view      — their record: oneself, or anyone holding an employee_list permission (view, create or update)
 * create    — a new user (employee_list create)
 * update    — change them (employee_list update), and hold every permission they hold unless it is oneself
 * delete    — the same with employee_list delete
 * login_as  — "Login as agent" (employee_list update): a learner's account (`isLearnerAccess`) of one's
 *             company, not one's own, whose permissions one all holds
 */
export type UserAction = 'view' | 'create' | 'update' | 'delete' | 'login_as';

/** A user as the policy sees them. */
export interface UserRecord extends CompanyRecord {
  readonly userId: string;
}
/** A user with their effective permissions today (`loadUserAccess(...).actor`), for the rules that compare. */
export interface UserWithAccess extends UserRecord {
  readonly permissions: ReadonlySet<PermissionKey>;
}

const EMPLOYEE_LIST_ANY = ['view', 'create', 'update'] as const;

/**
 * Users (employees). 403 without the action's permission, 404 for a user of another company (or none),
 * then the rules of the target:
 *
 *   const target = await loadUserAccess(deps.db, id, deps.now(), actor.companyId); // null when not of the company
 *   assertCanUser(actor, 'login_as', target?.actor);
 *
 * Without a user (create, or update/delete before the user is loaded): the permission only.
 */
export function assertCanUser(actor: Actor, action: 'create' | 'update' | 'delete'): void;
export function assertCanUser<R extends UserRecord>(
  actor: Actor,
  action: 'view',
  user: R | null | undefined,
): asserts user is R;
export function assertCanUser<R extends UserWithAccess>(
  actor: Actor,
  action: 'update' | 'delete' | 'login_as',
  user: R | null | undefined,
): asserts user is R;
export function assertCanUser(actor: Actor, action: UserAction, ...user: MaybeRecord<UserRecord>): void {
  const target = user[0];
  const self = target?.userId === actor.userId;
  if (action === 'view') {
    if (!self && !EMPLOYEE_LIST_ANY.some((type) => holds(actor, 'employee_list', type))) throw Forbidden();
  } else requirePermission(actor, 'employee_list', action === 'login_as' ? 'update' : action);
  if (user.length === 0) return;
  requireCompany(actor, target);
  if (action === 'view' || action === 'create') return;
  if (action === 'login_as') {
    if (self || !isLearnerAccess((target as UserWithAccess).permissions))
      throw Forbidden(MESSAGES.loginAsAgentOnlyAgents);
  } else if (self) return; // changing oneself gives nothing one does not hold
  assertCanManageUser(actor, target as UserWithAccess);
}

/**
 * No privilege escalation through the employee screens: a caller gives a role (main or temporary) only when
 * they hold every permission it grants (`grants`, loaded by the service). Without it, employee_list update
 * alone would let a manager make themselves (or a friend) an administrator.
 */
export function assertCanGiveRole(actor: Pick<Actor, 'permissions'>, grants: Iterable<PermissionKey>): void {
  if (!holdsAll(actor, grants)) throw Forbidden(EMPLOYEE_TEXTS.noEscalationRole);
}

/**
 * Nobody changes, deletes, re-roles or acts as someone who holds more than they do (oneself aside: nothing more
 * than one already has). A user not found is left to the caller's own 404.
 */
export function assertCanManageUser(actor: Actor, target: UserWithAccess | null | undefined): void {
  if (!target || target.userId === actor.userId) return;
  if (!holdsAll(actor, target.permissions)) throw Forbidden(EMPLOYEE_TEXTS.noEscalationUser);
}
