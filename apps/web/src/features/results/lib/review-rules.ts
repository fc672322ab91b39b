import { RESULT_TEXTS, SEND_FOR_REVIEW_TEXTS } from '@sim/shared';

export interface SendForReviewInput {
  /** the assignment's status */
  status: string;
  /** every level has a completed attempt and its audio is processed (the server's flag) */
  sendForReview: boolean;
  /** the audio-status poll: every level has a completed attempt (null: not known yet) */
  allLevelsCompleted: boolean | null;
  /** the audio-status poll: every completed level's audio is processed (null: not known yet) */
  allAudioProcessed: boolean | null;
  /**
   * the audio-status poll: no decision yet, or an attempt completed after the latest PASS / NO PASS (null:
   * not known yet); a decided assignment goes back to review only then (DECISIONS.md §6)
   */
  workSinceDecision: boolean | null;
}

export interface ControlState {
  enabled: boolean;
  /** why it is disabled ('' when enabled) */
  tooltip: string;
}

/**
 * Send for review (learner-and-review.md section 2): enabled only when all the level audio is processed,
 * send_for_review is set and the status is not PENDING REVIEW, and a decided assignment only with an attempt
 * completed after its decision; otherwise the tooltip (also shown as text beside the button) says why, in the
 * order the server checks (under review, already reviewed, levels, audio), so it is the text a refusal would
 * answer.
 */
export function sendForReviewState(p: SendForReviewInput): ControlState {
  if (p.status === 'PENDING REVIEW') return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.alreadyUnderReview };
  if (p.workSinceDecision === false) return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.alreadyReviewed };
  if (p.allLevelsCompleted === false) return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.levelsNotCompleted };
  if (p.allAudioProcessed !== true) return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.audioNotProcessed };
  if (!p.sendForReview) return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.levelsNotCompleted };
  return { enabled: true, tooltip: '' };
}

export interface ReviewerInput {
  /** a learner's account ("agent"): never a reviewer */
  learner: boolean;
  /** the result was opened as a reviewer (the query reviewer=true) */
  reviewerView: boolean;
  /** the reviewer permission (the server checks it again) */
  canReview: boolean;
  /** the result is the caller's own */
  ownResult: boolean;
  /** the result's level is the level the assignment's review is about */
  levelMatches: boolean;
  sendForReview: boolean;
}

/**
 * PASS and NO PASS (section 2): non-agents with the reviewer flag and permission, when the level matches or
 * send_for_review is set. Nobody reviews their own assignment.
 */
export function showsReviewerButtons(p: ReviewerInput): boolean {
  return !p.learner && p.reviewerView && p.canReview && !p.ownResult && (p.levelMatches || p.sendForReview);
}

export type NotesMode = 'view' | 'add' | 'edit';

export interface NotesAccess {
  mode: NotesMode;
  /** the text area is read-only */
  readOnly: boolean;
  /** view mode: the disabled save button's tooltip ('' otherwise) */
  deniedText: string;
}

/**
 * The assessor notes dialog's mode (sections 2 and 5): add when there is no note yet and the user may create
 * one, edit when there is one and they may update it; otherwise view, read-only, with the tooltip of the
 * permission they lack. Nobody writes the notes of their own result (the server refuses it too).
 */
export function notesAccess(p: {
  hasNote: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  ownResult?: boolean;
}): NotesAccess {
  const own = p.ownResult ?? false;
  if (!p.hasNote)
    return p.canCreate && !own
      ? { mode: 'add', readOnly: false, deniedText: '' }
      : { mode: 'view', readOnly: true, deniedText: RESULT_TEXTS.noCreate };
  return p.canUpdate && !own
    ? { mode: 'edit', readOnly: false, deniedText: '' }
    : { mode: 'view', readOnly: true, deniedText: RESULT_TEXTS.noUpdate };
}
