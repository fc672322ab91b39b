import {
  assessorNotesRefusal,
  isReviewerAccess,
  RESULT_TEXTS,
  SEND_FOR_REVIEW_TEXTS,
  sendForReviewRefusal,
} from '@sim/shared';

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
 * completed after its decision; otherwise the tooltip (also shown as text beside the button) says why: the
 * shared rule the server refuses with (@sim/shared results/rules.ts), then the server's flag.
 */
export function sendForReviewState(p: SendForReviewInput): ControlState {
  const refusal = sendForReviewRefusal(p.status, p);
  if (refusal) return { enabled: false, tooltip: refusal };
  if (!p.sendForReview) return { enabled: false, tooltip: SEND_FOR_REVIEW_TEXTS.levelsNotCompleted };
  return { enabled: true, tooltip: '' };
}

export interface ReviewerInput {
  /** the caller's permissions: a reviewer's account (isReviewerAccess, which the server asserts) */
  permissions: ReadonlySet<string>;
  /** the result was opened as a reviewer (the query reviewer=true) */
  reviewerView: boolean;
  /** the result is the caller's own */
  ownResult: boolean;
  /** the result's level is the level the assignment's review is about */
  levelMatches: boolean;
  sendForReview: boolean;
}

/**
 * PASS and NO PASS (section 2): reviewers (not a learner's account, with review_assignments view) opening the
 * result as a reviewer, when the level matches or send_for_review is set. Nobody reviews their own assignment.
 */
export function showsReviewerButtons(p: ReviewerInput): boolean {
  return isReviewerAccess(p) && p.reviewerView && !p.ownResult && (p.levelMatches || p.sendForReview);
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
 * one, edit when there is one and they may update it (the shared rule the server asserts, @sim/shared
 * results/rules.ts); otherwise view, read-only, with the tooltip of the permission that writing needs.
 */
export function notesAccess(p: {
  hasNote: boolean;
  permissions: ReadonlySet<string>;
  ownResult?: boolean;
}): NotesAccess {
  const refusal = assessorNotesRefusal(p, { hasNote: p.hasNote, ownResult: p.ownResult ?? false });
  if (refusal)
    return { mode: 'view', readOnly: true, deniedText: p.hasNote ? RESULT_TEXTS.noUpdate : RESULT_TEXTS.noCreate };
  return p.hasNote
    ? { mode: 'edit', readOnly: false, deniedText: '' }
    : { mode: 'add', readOnly: false, deniedText: '' };
}
