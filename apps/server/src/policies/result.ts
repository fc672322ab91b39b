import {
  ASSIGNMENT_MESSAGES,
  assessorNotesRefusal,
  isReviewerAccess,
  RESULT_TEXTS,
  REVIEW_MESSAGES,
  type SendForReviewFacts,
  sendForReviewRefusal,
} from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { assertCanReadAssignment, seesOthersResults, type TakenAssignmentRecord } from './attempt';
import type { CompanyRecord } from './core';

/**
 * Results and their review (learner-and-review.md sections 2 and 6, DECISIONS.md sections 2 and 6).
 * Who may do what, decided by permissions and the record, never by a role's name:
 * - read a result (an assignment's attempts, their lines, recordings, audio status, track record, history):
 *   the assignment's learner, or a non-learner account of the company holding all_assignments view or
 *   review_assignments view (policies/attempt.ts seesOthersResults). Anybody else — another learner, another
 *   company — gets 404, as for a missing id;
 * - send for review (status PENDING REVIEW): only the assignment's learner (404 for anybody else); 409 with
 *   the button's tooltip when it is already under review, a level has no completed attempt, or some audio of
 *   the completed levels is not processed; 409 too when it was decided (PASS / NO PASS) and no attempt was
 *   completed since the decision (a decision is not undone by sending the same work again);
 * - review (PASS / NO PASS): a reviewer — an account that is not a learner's (isLearnerAccess: it holds a
 *   task of the Admin product) and holds review_assignments view, the permission of the Pending Review tab.
 *   403 otherwise (checked first: it does not depend on the record); then the company (404); never the
 *   reviewer's own assignment (403); only an assignment PENDING REVIEW (409);
 * - assessor notes: read with assessor_notes view (the route) by whoever may read the result; written by a
 *   reader of the result who is not its learner (so never by a learner's account: a learner reads only their
 *   own results), with assessor_notes create when none is written and update when one is (403 with the
 *   spec's tooltip texts), decided by the stored note, not by the client's `edit` flag.
 * The rules themselves are shared with the web (@sim/shared results/rules.ts); this file asserts them, with the
 * status and message of each refusal. Pure functions, like every policy.
 */

/** What the rules compare of an attempt (a result), as the service loads it. */
export interface ResultRecord extends CompanyRecord {
  readonly userId: string;
  readonly status: string;
}

const resultGone = () => NotFound(RESULT_TEXTS.resultNotFound);
const assignmentGone = () => NotFound(ASSIGNMENT_MESSAGES.assignmentNotFound);

/** Reads an assignment's results: its learner, or a reader of others' results of the company (404 otherwise). */
export function assertCanReadResults<R extends TakenAssignmentRecord>(
  actor: Actor,
  assignment: R | null | undefined,
): asserts assignment is R {
  assertCanReadAssignment(actor, assignment);
}

/** Reads one result (a completed attempt): its learner, or a reader of others' results (404 otherwise). */
export function assertCanReadResult<R extends ResultRecord>(
  actor: Actor,
  attempt: R | null | undefined,
): asserts attempt is R {
  if (!attempt || attempt.companyId !== actor.companyId || attempt.status !== 'completed') throw resultGone();
  if (attempt.userId !== actor.userId && !seesOthersResults(actor)) throw resultGone();
}

/** Whether the caller may read this attempt's lines and recordings (same rule, any status). */
export function mayReadRecording(actor: Actor, attempt: ResultRecord | null | undefined): boolean {
  if (!attempt || attempt.companyId !== actor.companyId) return false;
  return attempt.userId === actor.userId || seesOthersResults(actor);
}

/** What send-for-review compares (the shared rule's facts), all known on the server. */
export type SendFacts = { [K in keyof SendForReviewFacts]: boolean };

/** The learner sends their own assignment for review (the rules above). */
export function assertCanSendForReview<R extends TakenAssignmentRecord>(
  actor: Actor,
  assignment: R | null | undefined,
  facts: SendFacts,
): asserts assignment is R {
  if (!assignment || assignment.companyId !== actor.companyId || assignment.assignedToId !== actor.userId)
    throw assignmentGone();
  const refusal = sendForReviewRefusal(assignment.status, facts);
  if (refusal) throw Conflict(refusal);
}

/** PASS / NO PASS: the reviewer rule, checked before the record is loaded (403). */
export function assertIsReviewer(actor: Actor): void {
  if (!isReviewerAccess(actor)) throw Forbidden(REVIEW_MESSAGES.notReviewer);
}

/**
 * Whether the caller could review this assignment once it is sent (the reviewers told of it, issue 31): a
 * reviewer of its company, not its learner. The status is left aside (the notice goes with the send).
 */
export function mayReview(
  actor: Pick<Actor, 'permissions' | 'companyId' | 'userId'>,
  assignment: { companyId: string; assignedToId: string },
): boolean {
  return (
    isReviewerAccess(actor) && assignment.companyId === actor.companyId && assignment.assignedToId !== actor.userId
  );
}

/** PASS / NO PASS of this assignment: a reviewer of its company, not their own, while PENDING REVIEW. */
export function assertCanReview<R extends TakenAssignmentRecord>(
  actor: Actor,
  assignment: R | null | undefined,
): asserts assignment is R {
  assertIsReviewer(actor);
  if (!assignment || assignment.companyId !== actor.companyId) throw assignmentGone();
  if (assignment.assignedToId === actor.userId) throw Forbidden(REVIEW_MESSAGES.ownAssignment);
  if (assignment.status !== 'PENDING REVIEW') throw Conflict(REVIEW_MESSAGES.notPendingReview);
}

/** Writes the assessor notes of a result (the rules above); `hasNote`: a note is stored. */
export function assertCanWriteAssessorNotes<R extends ResultRecord>(
  actor: Actor,
  attempt: R | null | undefined,
  hasNote: boolean,
): asserts attempt is R {
  assertCanReadResult(actor, attempt);
  const refusal = assessorNotesRefusal(actor, { hasNote, ownResult: attempt.userId === actor.userId });
  if (refusal === 'ownResult') throw Forbidden(REVIEW_MESSAGES.assessorOwnResult);
  if (refusal) throw Forbidden(RESULT_TEXTS[refusal]);
}
