import {
  ASSIGNMENT_COUNT_AHEAD,
  type AssignmentStatus,
  DONE_STATUSES,
  ASSIGNMENT_MESSAGES as M,
  newAssignmentNotification,
  type TAddAssignmentRequest,
  type TAssignmentCountResponse,
  type TAssignmentListQuery,
  type TUserCountResponse,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Invalid, NotFound, RuleBroken } from '../../lib/errors';
import {
  assertCanAssignment,
  assignmentScope,
  assignmentScopeOrNull,
  assignmentSight,
} from '../../policies/assignment';
import { holds } from '../../policies/core';
import { auditSourceOf, recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/service';
import { countAssignments, listAssignments } from './list-query';
import * as repo from './repository';

/** For the attempts module: one assignment of the company, read (and locked) inside the caller's transaction. */
export { type AssignmentRow, findAssignment } from './repository';

/**
 * The assignments dashboard (learner-and-review.md sections 2-9, DECISIONS.md section 6). Every read is
 * scoped to the caller's company and to what their views reach (policies/assignment.ts); every id of
 * another company — or of a row the caller does not see — answers 404.
 */

/**
 * A page of a tab, searched and sorted, with the tab's total counted no further than ASSIGNMENT_COUNT_AHEAD
 * rows past the page's first row (`total_capped: true` then: the count stops early instead of reading the tab).
 */
export async function listTab(deps: AppDeps, actor: Actor, q: TAssignmentListQuery) {
  const scope = assignmentScope(actor, q.tab, q.my_assignment === true);
  const upTo = q.skip + ASSIGNMENT_COUNT_AHEAD + 1;
  const { assignments, counted } = await listAssignments(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId, scope, textSearch: q.textSearch },
    { orderBy: q.orderBy, order: q.order, skip: q.skip, limit: q.limit },
    upTo,
  );
  // total_capped only when true: an answer whose total is exact reads as before
  return counted === upTo ? { assignments, total: upTo - 1, total_capped: true } : { assignments, total: counted };
}

const ZERO_COUNTS: Omit<TAssignmentCountResponse, 'success'> = {
  allAssignmentCount: 0,
  myAssignmentCount: 0,
  completedAssignmentCount: 0,
  readyForReviewCount: 0,
  pendingForReview: 0,
  completedAssignCount: 0,
  unopenedCompletedAssignments: 0,
  unopenedPendingAssignments: 0,
};

/**
 * The dashboard's counts (see countAssignments for each one's meaning), with the same scopes as the tabs.
 * A caller with none of the assignments views has no dashboard: every count is 0.
 */
export async function countTabs(deps: AppDeps, actor: Actor): Promise<Omit<TAssignmentCountResponse, 'success'>> {
  if (!assignmentSight(actor).any) return ZERO_COUNTS;
  return countAssignments(deps.db, actor.companyId, actor.userId, {
    all: assignmentScopeOrNull(actor, 'All_ASSIGNMENT'),
    my: assignmentScopeOrNull(actor, 'MY_ASSIGNMENT'),
    completed: assignmentScopeOrNull(actor, 'COMPLETED'),
    review: assignmentScopeOrNull(actor, 'PENDING_REVIEW'),
  });
}

/**
 * The choices of ADD ASSIGNMENT: every tool; the sims of the chosen tool that can be assigned (not trashed,
 * not draft, with a level; none before a tool is chosen); the company's assignable members with their
 * role's name; its groups with the number of members an assignment would reach.
 */
export async function assignmentOptions(deps: AppDeps, actor: Actor, toolId: string | undefined) {
  assertCanAssignment(actor, 'create');
  const [tools, sims, members, groups] = await Promise.all([
    repo.allTools(deps.db),
    toolId ? repo.assignableSims(deps.db, actor.companyId, toolId) : Promise.resolve([]),
    repo.assignableMembers(deps.db, actor.companyId),
    repo.groupChoices(deps.db, actor.companyId),
  ]);
  return { tools, sims, members, groups };
}

/**
 * Assigns a sim to a member, or to every current member of a group (one row each, carrying the group), in
 * one transaction, and records it in the audit log. The sim must be of the caller's company and not
 * trashed (404), ready (not draft, with a level: 422) and of the chosen tool (400); the member or group of
 * the company (404); a group with no assignable member answers 400. A written instruction also needs
 * notes_to_user create. Answers the ids made.
 */
export async function addAssignments(deps: AppDeps, actor: Actor, body: TAddAssignmentRequest): Promise<string[]> {
  assertCanAssignment(actor, 'create');
  const notes = body.assignment_notes?.trim() ?? '';
  if (notes) assertCanAssignment(actor, 'instruct');
  const sim = await repo.findAssignableSim(deps.db, actor.companyId, body.assigned_sim);
  if (!sim) throw NotFound(M.simNotFound);
  if (sim.productId !== body.tool || !(await repo.toolExists(deps.db, body.tool)))
    throw Invalid(M.toolMismatch, 'tool');
  if (sim.draft || sim.levels === 0) throw RuleBroken(M.simNotReady);
  if (body.user_id && !(await repo.isAssignableUser(deps.db, actor.companyId, body.user_id)))
    throw NotFound(M.memberNotFound);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    let userIds: string[];
    if (body.group_id) {
      const members = await repo.groupMemberIds(tx, actor.companyId, body.group_id);
      if (!members) throw NotFound(M.groupNotFound);
      if (!members.length) throw Invalid(M.groupEmpty, 'group_id');
      userIds = members;
    } else userIds = [body.user_id as string];
    const ids = await repo.insertAssignments(
      tx,
      {
        companyId: actor.companyId,
        simId: sim.id,
        toolId: body.tool,
        assignedById: actor.userId,
        groupId: body.group_id ?? null,
        notes,
        now,
      },
      userIds,
    );
    // each learner hears of it in the bell, in the same transaction (the assigner is never told of their own)
    const told = userIds.filter((id) => id !== actor.userId);
    if (told.length)
      await notifyUsers(
        tx,
        { companyId: actor.companyId, message: newAssignmentNotification(sim.title), createdBy: actor.userId, now },
        told,
      );
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'assignment.create',
      simId: sim.id,
      assignmentIds: ids,
      userIds,
      groupId: body.group_id ?? null,
    });
    return ids;
  });
}

/** Writes the instruction of an assignment of the company (create when blank, update when written). */
export async function saveNotes(deps: AppDeps, actor: Actor, id: string, notes: string) {
  assertCanAssignment(actor, 'notes');
  await deps.db.transaction(async (tx) => {
    const row = await repo.findAssignment(tx, actor.companyId, id, { lock: true });
    assertCanAssignment(actor, 'notes', row);
    await repo.updateNotes(tx, row.id, notes, deps.now());
  });
}

/** Deletes a NOT STARTED assignment of the company (409 for any other status), recorded in the audit log. */
export async function deleteAssignment(deps: AppDeps, actor: Actor, id: string) {
  assertCanAssignment(actor, 'delete');
  await deps.db.transaction(async (tx) => {
    // locked: a learner starting the level at this moment waits, then finds the row gone (or we find it started)
    const row = await repo.findAssignment(tx, actor.companyId, id, { lock: true });
    assertCanAssignment(actor, 'delete', row);
    await repo.deleteAssignment(tx, row.id);
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'assignment.delete',
      assignmentId: row.id,
      simId: row.simId,
      userId: row.assignedToId,
    });
  });
}

/**
 * The status of an assignment the caller sees (404 otherwise) and whether it can be sent for review. The
 * learner opening their own done assignment turns its Completed badge off (completed_seen).
 */
export async function assignmentStatus(deps: AppDeps, actor: Actor, id: string) {
  assertCanAssignment(actor, 'view');
  const row = await repo.findAssignment(deps.db, actor.companyId, id);
  assertCanAssignment(actor, 'view', row);
  const status = row.status as AssignmentStatus;
  if (row.assignedToId === actor.userId && DONE_STATUSES.includes(status))
    await repo.markCompletedSeen(deps.db, row.id, actor.userId);
  const sendForReview = await repo.canSendForReview(deps.db, row.id, row.simId);
  return { status, send_for_review: sendForReview, review_comments: row.reviewComments };
}

/** The profile card: the company's name (company_name view) and its user counts (user_account view). */
export async function userCount(deps: AppDeps, actor: Actor): Promise<Omit<TUserCountResponse, 'success'>> {
  const [name, counts] = await Promise.all([
    holds(actor, 'company_name', 'view') ? repo.companyName(deps.db, actor.companyId) : null,
    holds(actor, 'user_account', 'view') ? repo.userCounts(deps.db, actor.companyId) : null,
  ]);
  return { company_name: name, counts };
}
