import {
  type AssignmentStatus,
  learnerResultPath,
  PENDING_REVIEW_PATH,
  RESULT_TEXTS,
  type ReviewDecision,
  reviewNotification,
  reviewRequestNotification,
  type TAddStatusRequest,
  type TAddStatusResponse,
  TAKE_SIM_MESSAGES,
  type TReviewEntry,
  type TTrackRecordResponse,
} from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { NotFound } from '../../lib/errors';
import { assertCanReadResults, assertCanReview, assertCanSendForReview, assertIsReviewer } from '../../policies/result';
import { findAssignment } from '../assignments/service';
import { auditSourceOf, recordAudit } from '../audit/service';
import { notifyUsers, reviewersOf } from '../notifications/service';
import * as repo from './repository';
import * as reviews from './review-repository';

/**
 * Send for review, PASS / NO PASS and the track record (learner-and-review.md sections 2 and 4, DECISIONS.md
 * section 6). A status change runs in one transaction holding the assignment's row (the attempts module
 * takes the same lock first when it starts or completes a level), so the rules read a settled assignment:
 * two reviewers marking at once make one decision (the second finds it no longer PENDING REVIEW: 409), and a
 * level started while the learner sends it for review either goes first (and is refused the lock
 * afterwards) or waits.
 */

/** The attempt named by response_id must be one of the assignment's (404). */
async function checkResponse(tx: DbOrTx, actor: Actor, assignmentId: string, responseId?: string | null) {
  if (responseId && !(await repo.isAttemptOf(tx, actor.companyId, assignmentId, responseId)))
    throw NotFound(TAKE_SIM_MESSAGES.attemptNotFound);
}

const NO_FACTS = { allLevelsCompleted: false, allAudioProcessed: false, workSinceDecision: false };

/**
 * The learner sends their assignment for review (PENDING REVIEW, sent-for-review date; the reviewer and
 * review date of an earlier decision are cleared, its message to the learner kept until the next one; once
 * decided, only with an attempt completed after the decision: 409 otherwise, nothing changed), or a
 * reviewer marks it PASS / NO PASS: the assignment keeps the decision, its message, reviewer and date, the
 * track record gains a row, the learner's Completed badge lights again and the learner is notified. A send
 * notifies the assignment's reviewers (notifications reviewersOf) in the same transaction.
 */
export async function addStatus(
  deps: AppDeps,
  actor: Actor,
  body: TAddStatusRequest,
): Promise<Omit<TAddStatusResponse, 'success'>> {
  if (body.status !== 'PENDING REVIEW') assertIsReviewer(actor);
  const row = await deps.db.transaction(async (tx) => {
    const assignment = await findAssignment(tx, actor.companyId, body._id, { lock: true });
    const now = deps.now();
    if (body.status === 'PENDING REVIEW') {
      const mine = assignment && assignment.assignedToId === actor.userId;
      const facts = mine
        ? {
            ...(await repo.sendFacts(tx, assignment.id, assignment.simId)),
            workSinceDecision: await reviews.hasWorkSinceDecision(tx, actor.companyId, assignment.id),
          }
        : NO_FACTS;
      assertCanSendForReview(actor, assignment, facts);
      await checkResponse(tx, actor, assignment.id, body.response_id);
      const sent = await reviews.updateAssignment(tx, actor.companyId, assignment.id, {
        status: 'PENDING REVIEW',
        sendForReviewDate: now,
        reviewerId: null,
        dateOfReview: null,
        updatedAt: now,
      });
      await recordAudit(tx, auditSourceOf(actor), {
        type: 'assignment.send_for_review',
        assignmentId: assignment.id,
        simId: assignment.simId,
      });
      // the assignment's reviewers are told the work is waiting, in the same transaction (issue 31)
      const reviewers = await reviewersOf(tx, assignment, now);
      if (reviewers.length) {
        const view = await repo.assignmentView(tx, actor.companyId, assignment.id);
        const learnerName = `${view?.firstName ?? ''} ${view?.lastName ?? ''}`.trim();
        await notifyUsers(
          tx,
          {
            companyId: actor.companyId,
            message: reviewRequestNotification({ learnerName, simTitle: view?.simTitle ?? '' }),
            link: PENDING_REVIEW_PATH,
            createdBy: actor.userId,
            now,
          },
          reviewers,
        );
      }
      return sent;
    }
    assertCanReview(actor, assignment);
    await checkResponse(tx, actor, assignment.id, body.response_id);
    const decision = body.status as ReviewDecision;
    const saved = await reviews.updateAssignment(tx, actor.companyId, assignment.id, {
      status: decision,
      reviewComments: body.review_comments,
      reviewerId: actor.userId,
      dateOfReview: now,
      completedSeen: false,
      updatedAt: now,
    });
    await reviews.insertReview(tx, {
      assignmentId: assignment.id,
      passOrFail: decision,
      reviewComments: body.review_comments,
      reviewedById: actor.userId,
      reviewDate: now,
    });
    const view = await repo.assignmentView(tx, actor.companyId, assignment.id);
    // the notification leads the learner to the result the decision is on (issue 31)
    const levelId = await repo.reviewedLevelId(tx, actor.companyId, assignment.id, body.response_id);
    const link = levelId
      ? learnerResultPath({
          assignmentId: assignment.id,
          simId: assignment.simId,
          userId: assignment.assignedToId,
          levelId,
        })
      : null;
    await notifyUsers(
      tx,
      {
        companyId: actor.companyId,
        message: reviewNotification({ simTitle: view?.simTitle ?? '', decision, comments: body.review_comments }),
        link,
        createdBy: actor.userId,
        now,
      },
      [assignment.assignedToId],
    );
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'assignment.review',
      assignmentId: assignment.id,
      simId: assignment.simId,
      userId: assignment.assignedToId,
      decision,
    });
    return saved;
  });
  const message =
    body.status === 'PENDING REVIEW'
      ? RESULT_TEXTS.sentForReview
      : body.status === 'PASS'
        ? RESULT_TEXTS.markedPass
        : RESULT_TEXTS.markedNoPass;
  return {
    message,
    _id: row.id,
    status: row.status as AssignmentStatus,
    review_comments: row.reviewComments,
    send_for_review_date: row.sendForReviewDate?.toISOString() ?? null,
    date_of_review: row.dateOfReview?.toISOString() ?? null,
    reviewer: await reviews.userName(deps.db, actor.companyId, row.reviewerId),
  };
}

/** Every decision of an assignment the caller may read the results of, oldest first (404 otherwise). */
export async function trackRecord(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<Omit<TTrackRecordResponse, 'success'>> {
  const assignment = await findAssignment(deps.db, actor.companyId, id);
  assertCanReadResults(actor, assignment);
  const decisions = await reviews.reviewsOf(deps.db, assignment.id);
  return {
    data: [
      {
        _id: assignment.id,
        status: assignment.status as AssignmentStatus,
        reviewed_status: decisions.map(
          (r): TReviewEntry => ({
            review_date: r.reviewDate.toISOString(),
            pass_or_fail: r.passOrFail as ReviewDecision,
            review_comments: r.reviewComments,
            reviewed_by: r.reviewedBy ?? '',
            reviewed_by_id: r.reviewedById,
          }),
        ),
      },
    ],
  };
}
