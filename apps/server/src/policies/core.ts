import { hasPermission, type PermissionKey, type PermissionType, type TaskName } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden, NotFound } from '../lib/errors';

/**
 * Record-level policies ("check twice", CONVENTIONS.md 4). The route table says which permission pair a
 * route needs; a policy says whether this caller may do this action to this record, in three steps:
 *   1. the permission pair of the action: 403 (the route's check, made again where the record is known);
 *   2. the record's company: 404 — the answer for a record that does not exist, so the two are never told
 *      apart. A record passed as null/undefined (the company-scoped query found nothing) is 404 too;
 *   3. the record's own rules (oneself, no privilege escalation, a learner's account…): 403 with their message.
 * One file per kind of record, each exporting `assertCan<Kind>(actor, action, record)`. A service loads
 * the record (company in the WHERE clause, null when absent), asserts, then acts; the assertion narrows
 * the record, so no null is left behind. Called without a record (a create, or before the record is
 * loaded) a policy checks step 1 only, and the company-scoped load answers the 404.
 * Policies are pure: no database, no clock. Whatever they compare is loaded by the service first.
 */

/** What every policy needs of a record: the company it belongs to. */
export interface CompanyRecord {
  readonly companyId: string;
}

/** The caller's effective permissions (role + temporary roles active today) hold the pair. */
export function holds(actor: Pick<Actor, 'permissions'>, task: TaskName, type: PermissionType): boolean {
  return hasPermission(actor.permissions, task, type);
}

/** The caller holds every one of these permissions (no privilege escalation). */
export function holdsAll(actor: Pick<Actor, 'permissions'>, keys: Iterable<PermissionKey>): boolean {
  for (const key of keys) if (!actor.permissions.has(key)) return false;
  return true;
}

/** Step 1: 403 unless the caller holds the pair. */
export function requirePermission(actor: Actor, task: TaskName, type: PermissionType, message?: string): void {
  if (!holds(actor, task, type)) throw Forbidden(message);
}

/** Whether the caller may reach records of this company: their own; any, for a platform administrator when the kind allows it. */
export function reachesCompany(actor: Actor, companyId: string, opts: { platformWide?: boolean } = {}): boolean {
  return companyId === actor.companyId || (opts.platformWide === true && actor.isPlatformAdmin);
}

/** Step 2: 404 for a missing record or one of another company (`platformWide`: any company for a platform administrator). */
export function requireCompany<R extends CompanyRecord>(
  actor: Actor,
  record: R | null | undefined,
  opts: { platformWide?: boolean } = {},
): asserts record is R {
  if (!record || !reachesCompany(actor, record.companyId, opts)) throw NotFound();
}

/** The third argument of a policy: absent (kind-level check) or the record as loaded (maybe null). */
export type MaybeRecord<R> = [] | [record: R | null | undefined];
