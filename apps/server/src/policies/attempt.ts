import { ASSIGNMENT_MESSAGES, isLearnerAccess, TAKE_SIM_MESSAGES } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Conflict, NotFound } from '../lib/errors';
import { type CompanyRecord, holds } from './core';

/**
 * Taking a sim (learner-and-review.md sections 2 and 4, DECISIONS.md section 6). Every take-sim route is
 * open to any signed-in user (`access: 'signedIn'`); these rules decide on the record:
 * - an assignment is taken (started, resumed, recorded) only by the learner it is assigned to;
 * - an assignment or attempt is read by its learner, or by a caller who sees other members' assignments
 *   (all_assignments view or review_assignments view) — never by another learner's account, whatever
 *   views it holds (isLearnerAccess), because a learner's tabs show only their own rows;
 * - an attempt is written only by its learner, and only while it is started (409 once finished).
 * Another company's record, a missing one and one the caller may not see give the same answer — 404 with
 * the same message — so an id never tells whether it exists. Pure functions, like every policy.
 */

/** What the rules compare of an assignment, as the service loads it. */
export interface TakenAssignmentRecord extends CompanyRecord {
  readonly assignedToId: string;
  readonly status: string;
}

/** What the rules compare of an attempt (a "user response"), as the service loads it. */
export interface AttemptRecord extends CompanyRecord {
  readonly userId: string;
  readonly status: string;
}

/** Starting a level (save-take-sim-details) is refused while the assignment waits for its review. */
export type TakeAction = 'start' | 'take';

const assignmentGone = () => NotFound(ASSIGNMENT_MESSAGES.assignmentNotFound);
const attemptGone = () => NotFound(TAKE_SIM_MESSAGES.attemptNotFound);

/** Sees other members' assignments and their results: a non-learner account with one of the two views. */
export function seesOthersResults(actor: Actor): boolean {
  if (isLearnerAccess(actor.permissions)) return false;
  return holds(actor, 'all_assignments', 'view') || holds(actor, 'review_assignments', 'view');
}

/**
 * The caller's own assignment of their company (404 otherwise). `start`: not while PENDING REVIEW
 * (409, "The assignment is pending review: the level is locked").
 */
export function assertCanTakeAssignment<R extends TakenAssignmentRecord>(
  actor: Actor,
  assignment: R | null | undefined,
  action: TakeAction = 'take',
): asserts assignment is R {
  if (!assignment || assignment.companyId !== actor.companyId || assignment.assignedToId !== actor.userId)
    throw assignmentGone();
  if (action === 'start' && assignment.status === 'PENDING REVIEW') throw Conflict(TAKE_SIM_MESSAGES.reviewLocked);
}

/** Reads an assignment's sim, levels and results: its learner, or a reviewer of the company (404 otherwise). */
export function assertCanReadAssignment<R extends TakenAssignmentRecord>(
  actor: Actor,
  assignment: R | null | undefined,
): asserts assignment is R {
  if (!assignment || assignment.companyId !== actor.companyId) throw assignmentGone();
  if (assignment.assignedToId !== actor.userId && !seesOthersResults(actor)) throw assignmentGone();
}

/** Reads an attempt and its lines: its learner, or a reviewer of the company (404 otherwise). */
export function assertCanReadAttempt<R extends AttemptRecord>(
  actor: Actor,
  attempt: R | null | undefined,
): asserts attempt is R {
  if (!attempt || attempt.companyId !== actor.companyId) throw attemptGone();
  if (attempt.userId !== actor.userId && !seesOthersResults(actor)) throw attemptGone();
}

/**
 * Writes an attempt (stats, lines, recordings, inputs): only its learner (404 for anybody else), only while
 * it is started (409 "This attempt is finished"). `finished: 'allowed'` lets a closed attempt through
 * (final-score is asked again after All Done until every line is graded).
 */
export function assertCanWriteAttempt<R extends AttemptRecord>(
  actor: Actor,
  attempt: R | null | undefined,
  opts: { finished?: 'allowed' } = {},
): asserts attempt is R {
  if (!attempt || attempt.companyId !== actor.companyId || attempt.userId !== actor.userId) throw attemptGone();
  if (attempt.status !== 'started' && opts.finished !== 'allowed') throw Conflict(TAKE_SIM_MESSAGES.attemptFinished);
}

/** A learner's line with its attempt, as the service loads it. */
export interface LineRecord<A extends AttemptRecord = AttemptRecord> {
  readonly attempt: A;
}

const lineGone = () => NotFound(TAKE_SIM_MESSAGES.lineNotFound);

/** Whether the caller may read this line's result (its learner, or a reviewer of the company). */
export function mayReadLine(actor: Actor, found: LineRecord | null | undefined): boolean {
  if (!found || found.attempt.companyId !== actor.companyId) return false;
  return found.attempt.userId === actor.userId || seesOthersResults(actor);
}

/**
 * Writes a line (Retry): only the learner of its attempt (404 "Line not found" for anybody else, as for a
 * missing line), only while the attempt is started (409).
 */
export function assertCanWriteLine<R extends LineRecord>(
  actor: Actor,
  found: R | null | undefined,
): asserts found is R {
  if (!found || found.attempt.companyId !== actor.companyId || found.attempt.userId !== actor.userId) throw lineGone();
  if (found.attempt.status !== 'started') throw Conflict(TAKE_SIM_MESSAGES.attemptFinished);
}
