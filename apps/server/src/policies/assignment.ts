import {
  type AssignmentStatus,
  type AssignmentTab,
  DONE_STATUSES,
  isLearnerAccess,
  ASSIGNMENT_MESSAGES as M,
  OPEN_STATUSES,
} from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { type CompanyRecord, holds, type MaybeRecord, requireCompany, requirePermission } from './core';

/**
 * - create: ADD ASSIGNMENT (assignment create);
 * - instruct: an instruction written with a new assignment (notes_to_user create);
 * - view: open one assignment (its status): the caller's own, or one their views reach (404 otherwise);
 * - notes: save the instruction of an assignment (create when blank, update when written);
 * - delete: delete a NOT STARTED assignment (assignment delete; 409 for any other status);
 * - export: the Excel export of a tab (any assignments view; never a learner's account).
 */
export type AssignmentAction = 'create' | 'instruct' | 'view' | 'notes' | 'delete' | 'export';

/** What the policy compares of an assignment, as its service loads it. */
export interface AssignmentRecord extends CompanyRecord {
  readonly assignedToId: string;
  readonly status: string;
  readonly notes: string;
}

/**
 * How far the caller sees the company's assignments, decided by permissions (never a role's name):
 * - `any`: one of the three views (assignment, all_assignments, review_assignments) — none: no dashboard;
 * - `all`: every member's assignments (all_assignments view), never for a learner's account;
 * - `review`: the Pending Review tab (review_assignments view). For a learner it shows their own rows only;
 * - `learner`: a learner's account (isLearnerAccess): only their own rows, everywhere.
 */
export interface AssignmentSight {
  any: boolean;
  all: boolean;
  review: boolean;
  learner: boolean;
}

export function assignmentSight(actor: Pick<Actor, 'permissions'>): AssignmentSight {
  const learner = isLearnerAccess(actor.permissions);
  const all = holds(actor, 'all_assignments', 'view');
  const review = holds(actor, 'review_assignments', 'view');
  return { any: all || review || holds(actor, 'assignment', 'view'), all: all && !learner, review, learner };
}

/** The rows of a tab: the company's, or only the caller's own; every status, or these. */
export interface AssignmentScope {
  ownOnly: boolean;
  statuses: readonly AssignmentStatus[] | null;
}

const PENDING: readonly AssignmentStatus[] = ['PENDING REVIEW'];

/**
 * The rows a tab shows the caller (learner-and-review.md section 2, DECISIONS.md section 6):
 * - All Assignment: the company's with all_assignments view, else the caller's own;
 * - My Assignments: the caller's own still to do (NOT STARTED, IN PROGRESS);
 * - Completed: done rows (COMPLETED, PENDING REVIEW, PASS, NO PASS), the company's with all_assignments
 *   view, else the caller's own;
 * - Pending Review: PENDING REVIEW rows of the company, only with review_assignments view (403 otherwise);
 *   a learner's account sees its own there.
 * `mine` (the client's my_assignment flag) narrows any tab to the caller's own rows; it never widens.
 * Without any assignments view: 403.
 */
export function assignmentScope(actor: Actor, tab: AssignmentTab, mine = false): AssignmentScope {
  const sight = assignmentSight(actor);
  if (!sight.any) throw Forbidden(M.noPermission);
  switch (tab) {
    case 'All_ASSIGNMENT':
      return { ownOnly: mine || !sight.all, statuses: null };
    case 'MY_ASSIGNMENT':
      return { ownOnly: true, statuses: OPEN_STATUSES };
    case 'COMPLETED':
      return { ownOnly: mine || !sight.all, statuses: DONE_STATUSES };
    case 'PENDING_REVIEW':
      if (!sight.review) throw Forbidden(M.noPermission);
      return { ownOnly: mine || sight.learner, statuses: PENDING };
  }
}

/** The scope of a tab for the counts: null where the tab is closed to the caller (counted 0). */
export function assignmentScopeOrNull(actor: Actor, tab: AssignmentTab): AssignmentScope | null {
  const sight = assignmentSight(actor);
  if (!sight.any || (tab === 'PENDING_REVIEW' && !sight.review)) return null;
  return assignmentScope(actor, tab);
}

/** Whether the caller sees this assignment of their company: their own, or within one of their tabs. */
export function seesAssignment(actor: Actor, record: AssignmentRecord): boolean {
  const sight = assignmentSight(actor);
  if (!sight.any) return false;
  if (record.assignedToId === actor.userId) return true;
  if (sight.learner) return false;
  return sight.all || (sight.review && record.status === 'PENDING REVIEW');
}

/**
 * Assignments: the action's permission (403, with the spec's tooltip texts), then the record's company
 * (404), then its own rules. Two actions check the record before the permission, because the permission
 * they need depends on the record and a 403 must not tell another company's record apart from a missing one:
 * - view: 404 also for an assignment of the company the caller does not see (not theirs, out of their tabs);
 * - notes: a blank instruction needs notes_to_user create ("You don't have permission to create"), a
 *   written one needs update ("You don't have permission to update"). Decided by the stored instruction,
 *   not by the client's `edit` flag, so a stale "add" cannot overwrite an instruction without update.
 * Without a record: create, instruct and export check the caller only; view, notes and delete check the
 * permission the route already checked (any view; notes create or update; assignment delete).
 */
export function assertCanAssignment(actor: Actor, action: AssignmentAction): void;
export function assertCanAssignment<R extends AssignmentRecord>(
  actor: Actor,
  action: AssignmentAction,
  assignment: R | null | undefined,
): asserts assignment is R;
export function assertCanAssignment(
  actor: Actor,
  action: AssignmentAction,
  ...assignment: MaybeRecord<AssignmentRecord>
): void {
  switch (action) {
    case 'create':
      requirePermission(actor, 'assignment', 'create', M.noCreateAssignment);
      return;
    case 'instruct':
      requirePermission(actor, 'notes_to_user', 'create', M.noCreate);
      return;
    case 'export':
      if (!assignmentSight(actor).any || isLearnerAccess(actor.permissions)) throw Forbidden();
      return;
    case 'view': {
      if (!assignmentSight(actor).any) throw Forbidden(M.noPermission);
      if (!assignment.length) return;
      const record = assignment[0];
      requireCompany(actor, record);
      if (!seesAssignment(actor, record)) throw NotFound(M.assignmentNotFound);
      return;
    }
    case 'notes': {
      if (!assignment.length) {
        if (!holds(actor, 'notes_to_user', 'create') && !holds(actor, 'notes_to_user', 'update')) throw Forbidden();
        return;
      }
      const record = assignment[0];
      requireCompany(actor, record);
      if (record.notes.trim() === '') requirePermission(actor, 'notes_to_user', 'create', M.noCreate);
      else requirePermission(actor, 'notes_to_user', 'update', M.noUpdate);
      return;
    }
    case 'delete': {
      requirePermission(actor, 'assignment', 'delete', M.noDelete);
      if (!assignment.length) return;
      const record = assignment[0];
      requireCompany(actor, record);
      if (record.status !== 'NOT STARTED') throw Conflict(M.onlyNotStarted);
      return;
    }
  }
}
