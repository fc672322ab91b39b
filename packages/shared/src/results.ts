/**
 * The result view, send for review, PASS / NO PASS, the track record and assessor notes: the texts and
 * constants of learner-and-review.md sections 2, 8 and 9 and DECISIONS.md section 6, written once here; the
 * server answers with them and the web shows them.
 */

/** The statuses a call of assignment/add-status may set: the learner's, then the reviewer's two. */
export const REVIEW_DECISIONS = ['PASS', 'NO PASS'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const SETTABLE_STATUSES = ['PENDING REVIEW', ...REVIEW_DECISIONS] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const RESULT_LIMITS = {
  /** audio processing status polled every 6 s until allAudioProcessed */
  audioStatusPollMs: 6000,
  /** the final score asked again after 5 s while agent lines are not all Completed */
  finalScoreRetryMs: 5000,
  /** review success alerts hide after 3 s, then /dashboard */
  reviewAlertMs: 3000,
  /** earlier takes of a line listed per line */
  lastFive: 5,
  /** assessor notes: the longest note kept */
  assessorNotesMax: 5000,
  /** the reviewer's message to the learner (the list cuts it at 90 for display) */
  reviewCommentsMax: 2000,
  reviewCommentsCut: 90,
  /** a learner's recording in a result: its signed URL's life (the view asks the result again after it) */
  recordingUrlTtlSeconds: 3600,
} as const;

/** The send-for-review button's three tooltips; the server answers the same texts when it refuses (409). */
export const SEND_FOR_REVIEW_TEXTS = {
  alreadyUnderReview: 'Assignment is already in under review!',
  levelsNotCompleted: 'Enable only if all the levels completed!',
  audioNotProcessed: 'Button should be enabled only after processing the audios in all levels which are completed.',
  /**
   * not in the spec (issue 30): a decided assignment (PASS / NO PASS) goes back to review only with a level
   * completed after the decision (409)
   */
  alreadyReviewed: 'This assignment has already been reviewed. Complete a level again before sending it for review.',
} as const;

export const RESULT_TEXTS = {
  // result view (section 2)
  dashboard: 'Dashboard',
  retake: 'Re-take',
  retakeTooltip: 'Re-take or go to next level',
  viewOtherLevel: 'View Other Level Result',
  previewRecording: 'Preview Recording',
  previewScreenRecording: 'Preview Screen Recording',
  audioNotAvailable: 'Audio is NOT available',
  notGenerated: '( Not Generated! )',
  notApplicable: 'N/A',
  emptyTime: '0m 0s',
  lastFive: 'Last five takes',
  noResults: 'No results found',
  resultNotFound: 'Result not found',
  lineNotFound: 'Line not found',
  sendForReview: 'Send for review',
  playlistTypes: ['single', 'agent', 'call'] as const,

  // reviewer action bar (section 2)
  pass: 'PASS',
  noPass: 'NO PASS',
  messageToLearner: 'Message to the learner (optional)',
  trackRecord: 'TRACK RECORD',
  noTrackRecord: 'This assignment has not been reviewed yet.',
  sentForReview: 'The assignment was sent for review.',
  markedPass: 'The assignment was marked PASS.',
  markedNoPass: 'The assignment was marked NO PASS.',

  // assessor notes (sections 2 and 5)
  assessorNotes: 'Assessor Notes',
  noUpdate: "You don't have permission to update",
  noCreate: "You don't have permission to create",
  notesSaved: 'Assessor notes saved successfully',
  notesRequired: 'Please write a note',
} as const;

/** Why the server refuses a status change (besides the three tooltips above). */
export const REVIEW_MESSAGES = {
  /** PASS / NO PASS on an assignment that is not PENDING REVIEW (409) */
  notPendingReview: 'Only an assignment pending review can be marked PASS or NO PASS',
  /** PASS / NO PASS without the reviewer's permission, or by a learner's account (403) */
  notReviewer: "You don't have permission to review assignments",
  /** a reviewer's own assignment (403) */
  ownAssignment: 'You cannot review your own assignment',
  /** PENDING REVIEW on somebody else's assignment: 404 (assignmentNotFound); a reviewer's own is fine */
  assessorOwnResult: 'You cannot write assessor notes on your own result',
} as const;

/** The notification the learner receives when their assignment is reviewed (the bell). */
/** Where a reviewer finds the work waiting: the dashboard's Pending Review tab (issue 31). */
export const PENDING_REVIEW_PATH = '/dashboard?tab=PENDING_REVIEW';

/**
 * The learner's result view of a level (learner-and-review.md section 2, the keys /sims/takesim reads): where
 * the notification of a review decision leads the learner (issue 31).
 */
export function learnerResultPath(p: { assignmentId: string; simId: string; userId: string; levelId: string }): string {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: p.assignmentId,
    user_id: p.userId,
    sim_id: p.simId,
    reviewer: 'false',
    levelId: p.levelId,
  });
  return `/sims/takesim?${query.toString()}`;
}

/** Not in the spec (issue 31): what the reviewers are told when a learner sends an assignment for review. */
export function reviewRequestNotification(p: { learnerName: string; simTitle: string }): string {
  return `${p.learnerName} sent "${p.simTitle}" for review. It is waiting for you under Pending Review on your dashboard.`;
}

export function reviewNotification(p: { simTitle: string; decision: ReviewDecision; comments: string }): string {
  const head = `Your assignment "${p.simTitle}" was reviewed: ${p.decision}.`;
  return p.comments ? `${head} Message from your reviewer: ${p.comments}` : head;
}
