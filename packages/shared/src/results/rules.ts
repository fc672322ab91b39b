import { type Asker, asks } from '../access';
import { SEND_FOR_REVIEW_TEXTS } from '../results';
import { isLearnerAccess } from '../roles';

/**
 * The review's access rules (learner-and-review.md sections 2 and 6, DECISIONS.md sections 2 and 6), by
 * permissions and the record, never by a role's name. policies/result.ts asserts them on the server; the
 * result view shows SEND FOR REVIEW, PASS / NO PASS and the assessor notes' mode with the same functions.
 */

/** A reviewer: an account that is not a learner's (it holds a task of the Admin product) with review_assignments view. */
export const isReviewerAccess = (asker: Pick<Asker, 'permissions'>): boolean =>
  !isLearnerAccess(asker.permissions) && asks(asker, 'review_assignments', 'view');

/** What send-for-review compares (null: not known yet, on the web before the audio-status poll answers). */
export interface SendForReviewFacts {
  /** every level of the sim has a completed attempt */
  allLevelsCompleted: boolean | null;
  /** every learner line of the latest completed attempt of every completed level is graded */
  allAudioProcessed: boolean | null;
  /** never decided, or an attempt completed after the last PASS / NO PASS (a decision is not undone by resending) */
  workSinceDecision: boolean | null;
}

/**
 * Why the learner cannot send their assignment for review now (null: they can), in the order the server
 * checks: under review, already reviewed, levels, audio. The text is the button's tooltip and the refusal's
 * message (409). Audio not known to be processed counts as not processed.
 */
export function sendForReviewRefusal(status: string, facts: SendForReviewFacts): string | null {
  if (status === 'PENDING REVIEW') return SEND_FOR_REVIEW_TEXTS.alreadyUnderReview;
  if (facts.workSinceDecision === false) return SEND_FOR_REVIEW_TEXTS.alreadyReviewed;
  if (facts.allLevelsCompleted === false) return SEND_FOR_REVIEW_TEXTS.levelsNotCompleted;
  if (facts.allAudioProcessed !== true) return SEND_FOR_REVIEW_TEXTS.audioNotProcessed;
  return null;
}

/**
 * Why the asker cannot write a result's assessor notes (null: they can), given whoever may read the result:
 * never on their own result; assessor_notes create when none is written, update when one is (decided by the
 * stored note, not by a client's flag).
 */
export function assessorNotesRefusal(
  asker: Pick<Asker, 'permissions'>,
  p: { hasNote: boolean; ownResult: boolean },
): 'ownResult' | 'noCreate' | 'noUpdate' | null {
  if (p.ownResult) return 'ownResult';
  if (p.hasNote) return asks(asker, 'assessor_notes', 'update') ? null : 'noUpdate';
  return asks(asker, 'assessor_notes', 'create') ? null : 'noCreate';
}
