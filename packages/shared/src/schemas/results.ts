/**
 * Bodies and answers of the result view, send for review, PASS / NO PASS, the track record and assessor
 * notes (learner-and-review.md sections 2, 3 and 7; DECISIONS.md section 6). Field names as the spec spells
 * them; the fields the spec does not list are marked "not in the spec".
 */
import { z } from 'zod';
import { PASS_CRITERIA } from '../grading/pass-criteria';
import { RESULT_LIMITS, SETTABLE_STATUSES } from '../results';
import { ZAssignmentStatus, ZQueryFlag } from './assignments';
import { ZAttemptInput, ZAttemptMode, ZFigure } from './attempts';
import { ZKeywordEvidence } from './evidence';
import { ZGradedTest } from './grading';
import { ZTranscriptWord } from './speech';
import { ZRowId } from './users';

// ---- POST /api/v1/sims/result?user_id(&check_result_exist=true) {assignment_id, sim_id, levelId, response_id?} ----

export const ZResultQuery = z.object({
  /** the learner whose result is read (a reviewer's view); must be the assignment's learner when given */
  user_id: ZRowId.optional(),
  /** true: answer only whether the result exists ({success, result_exist}) */
  check_result_exist: ZQueryFlag.optional(),
});
export const ZResultRequest = z.object({
  assignment_id: ZRowId,
  sim_id: ZRowId,
  levelId: ZRowId,
  /** not in the spec: a given attempt (completed, of this assignment and level); else the latest completed one */
  response_id: ZRowId.optional(),
});
export type TResultRequest = z.infer<typeof ZResultRequest>;

export const ZResultExistResponse = z.object({ success: z.literal(true), result_exist: z.boolean() });

export const ZLineStatus = z.enum(['Pending', 'Completed', 'Failed']);

/** An earlier take of a line by the same learner on the same assignment (another attempt), newest first. */
export const ZLastFiveTake = z.object({
  /** the attempt of the take */
  user_response_id: z.string(),
  /** the take's number among the learner's takes of this line on this assignment (1 = the first) */
  order: z.number().int(),
  /** a signed, expiring URL of the recording */
  audio_url: z.string().nullable(),
  /** not in the spec: the take's line id, when it was recorded, its grade */
  id: z.string(),
  recorded_at: z.string().nullable(),
  grade_score: z.number(),
});
export type TLastFiveTake = z.infer<typeof ZLastFiveTake>;

/** The character of a line as the result shows it. */
export const ZResultCharacter = z.object({
  _id: z.string(),
  type: z.string(),
  masked_type: z.string(),
  name: z.string(),
});

/**
 * A script line in a result (section 3). Every line of the level in order: the characters' lines with
 * their generated audio, the learner's (agent) lines with their take in this attempt.
 */
export const ZResultLine = z.object({
  /** the script's id (sim_script_id) */
  _id: z.string(),
  /** the learner's take (line) id; null for a character's line or an agent line never recorded */
  id: z.string().nullable(),
  /** the line's position in the transcript (0-based) */
  index: z.number().int(),
  /**
   * a character's line: the generated clip; a learner's line: the learner's recording (signed, expiring
   * URLs; null when there is none: "Audio is NOT available")
   */
  audio_url: z.string().nullable(),
  is_agent: z.boolean(),
  /** the script's order in its level */
  order: z.number().int(),
  character: ZResultCharacter.nullable(),
  script: z.string(),
  /** not in the spec: the script's hint text */
  hint_text: z.string(),
  keywords: z.array(z.string()),
  keywords_matched: z.array(z.string()),
  missed_keywords: z.array(z.string()),
  has_keywords: z.boolean(),
  tests_matched: z.array(ZGradedTest),
  missed_tests: z.array(ZGradedTest),
  has_tests: z.boolean(),
  /** the final transcript of the learner's recording ('' for a character's line) */
  transcribed_text: z.string(),
  /** a learner's line: Pending until graded, then Completed (or Failed); a character's line: Completed */
  status: ZLineStatus,
  /** 0 until graded */
  grade_score: z.number(),
  /** not in the spec: grade_score ≥ the line's overalConfidence; null for a character's line or before grading */
  passed: z.boolean().nullable(),
  /** the learner's recorded takes of this line on this assignment, this one included */
  myCount: z.number().int(),
  lastFive: z.array(ZLastFiveTake),
  /** lastFive has a take */
  isLastFive: z.boolean(),
  /** not in the spec: the recognised words of the recording with their times (s), for the waveform */
  words: z.array(ZTranscriptWord),
  /**
   * not in the spec (issue 30): each keyword entry of a learner's line with its evidence and a reviewer's
   * decision on it ([] for a character's line or before grading)
   */
  evidence: z.array(ZKeywordEvidence),
});
export type TResultLine = z.infer<typeof ZResultLine>;

/** A case-panel value of the result: what was entered and its target (ticked when they match). */
export const ZResultInput = ZAttemptInput.pick({ field_title: true, input_value: true, target_value: true }).extend({
  /** not in the spec: the entered value equals the target (trimmed, case-insensitive) */
  matched: z.boolean(),
});

/** One pass criterion of a level as a result shows it (shared grading/pass-criteria.ts evaluates it). */
export const ZPassCriterionCheck = z.object({
  criterion: z.enum(PASS_CRITERIA),
  /** the percentage to reach; null when unset */
  threshold: z.number().nullable(),
  /** the attempt's figure; null for N/A */
  figure: z.number().nullable(),
  status: z.enum(['met', 'not_met', 'disabled', 'unset', 'not_applicable']),
});
export type TPassCriterionCheck = z.infer<typeof ZPassCriterionCheck>;

/** The User result (section 3) and the fields the result view needs besides. */
export const ZUserResult = z.object({
  /** the attempt (user response) id */
  _id: z.string(),
  assignment_id: z.string(),
  assignment_status: ZAssignmentStatus,
  sim_id: z.string(),
  sim_level_id: z.string(),
  /** every level of the sim has a completed attempt whose lines are all graded (DECISIONS.md §6) */
  send_for_review: z.boolean(),
  /** pass/fail of the sim's criteria when this level carries them (passed null otherwise) */
  pass_fail_details: z.object({
    sim_level_id: z.string().nullable(),
    passed: z.boolean().nullable(),
    /**
     * not in the spec (issue 31, the scorecard): each criterion of this level with its threshold, the
     * attempt's figure and whether it is met ([] when this level carries no criteria)
     */
    criteria: z.array(ZPassCriterionCheck).default([]),
  }),
  level: z.object({
    _id: z.string(),
    name: z.string(),
    order: z.number().int(),
    sim_id: z.string(),
    send_to_snowfly: z.boolean(),
  }),
  simTitle: z.string(),
  /** not in the spec: the sim's kind and its product (tool): "Voice Only" and "Internal Data" change the layout */
  sim_type: z.string(),
  product_name: z.string(),
  product_type: z.string(),
  user: z.object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    profile_pic_url: z.string().nullable(),
  }),
  mode: ZAttemptMode,
  completed_on: z.string().nullable(),
  /** not in the spec: when the attempt started */
  started_on: z.string(),
  totalSeconds: z.number().int(),
  wrapSeconds: z.number().int(),
  keyword_accuracy: ZFigure,
  /** not in the spec: the two accuracies the correct/total counts make */
  typing_accuracy: ZFigure,
  data_selection_accuracy: ZFigure,
  overall_percentage: ZFigure,
  correct_entries: z.number().int(),
  total_entries: z.number().int(),
  correct_selections: z.number().int(),
  total_selections: z.number().int(),
  /** the sim or the level fills the case fields itself: typing and data-selection accuracy show N/A */
  auto_populate: z.boolean(),
  typing_inputs: z.array(ZResultInput),
  data_inputs: z.array(ZResultInput),
  /** every line of the level, in order */
  scripts: z.array(ZResultLine),
  /** the learner's lines, keyed by sim_script_id */
  agentScripts: z.record(z.string(), ZResultLine),
  /** not in the spec: every learner line is graded (no Pending): the spinner stops */
  all_completed: z.boolean(),
  assessor_notes: z.string().nullable(),
  /** the external voice-recording service: the result's flag, its id once sent, and whether it is configured */
  send_to_snowfly: z.boolean(),
  snowfly_id: z.string().nullable(),
  voice_service_enabled: z.boolean(),
  /** screen recording of the attempt (none is stored yet: [] and nulls) */
  screen_recording_urls: z.array(
    z.object({
      url: z.string(),
      text: z.string(),
      created_on: z.string().nullable(),
      saved_on: z.string().nullable(),
      marked_best_practice_on: z.string().nullable(),
    }),
  ),
  video_url: z.string().nullable(),
  video_status: z.string().nullable(),
  screen_share_video: z.object({ status: z.string().nullable() }),
});
export type TUserResult = z.infer<typeof ZUserResult>;
export const ZUserResultResponse = ZUserResult.extend({ success: z.literal(true) });
export type TUserResultResponse = z.infer<typeof ZUserResultResponse>;

/** The result call answers the User result, or with check_result_exist only whether it exists. */
export const ZResultAnswer = z.union([ZResultExistResponse, ZUserResultResponse]);
export type TResultAnswer = z.infer<typeof ZResultAnswer>;

// ---- GET /api/v1/sims/result/recording/:id (a signed, expiring URL; the result's audio_url) ----
export const ZRecordingParams = z.object({ id: ZRowId });
export const ZSignedQuery = z.object({ exp: z.string(), sig: z.string(), sub: z.string().optional() });

// ---- GET /api/v1/sims/agent/audio/status?simId&assignmentId&user_id ----
export const ZAudioStatusQuery = z.object({ simId: ZRowId, assignmentId: ZRowId, user_id: ZRowId.optional() });
export const ZAudioStatusResponse = z.object({
  success: z.literal(true),
  /** every learner line of the latest completed attempt of every completed level is graded */
  allAudioProcessed: z.boolean(),
  /** not in the spec: every level has a completed attempt, and all its audio is processed (send_for_review) */
  allLevelsCompleted: z.boolean(),
  send_for_review: z.boolean(),
  /**
   * not in the spec (issue 31): false when the assignment was decided (PASS / NO PASS) and no attempt was
   * completed after the decision: a send for review is refused then (SEND_FOR_REVIEW_TEXTS.alreadyReviewed)
   */
  work_since_decision: z.boolean(),
});
export type TAudioStatusResponse = z.infer<typeof ZAudioStatusResponse>;

// ---- POST /api/v1/sims/assignment/add-status {_id, status, response_id, review_comments} ----
export const ZAddStatusRequest = z.object({
  /** the assignment */
  _id: ZRowId,
  status: z.enum(SETTABLE_STATUSES),
  /** the attempt the decision is about (optional; must be of the assignment) */
  response_id: ZRowId.nullish(),
  /** the reviewer's message to the learner (PASS / NO PASS); ignored when sending for review */
  review_comments: z.string().trim().max(RESULT_LIMITS.reviewCommentsMax).default(''),
});
export type TAddStatusRequest = z.output<typeof ZAddStatusRequest>;
export const ZAddStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  _id: z.string(),
  status: ZAssignmentStatus,
  review_comments: z.string(),
  send_for_review_date: z.string().nullable(),
  date_of_review: z.string().nullable(),
  /** the reviewer's name (PASS / NO PASS), null before a review */
  reviewer: z.string().nullable(),
});
export type TAddStatusResponse = z.infer<typeof ZAddStatusResponse>;

// ---- GET /api/v1/sims/assignment/track-record/:id ----
export const ZTrackRecordParams = z.object({ id: ZRowId });
export const ZReviewEntry = z.object({
  /** ISO date-time of the decision (the UI shows MM-DD-YYYY) */
  review_date: z.string(),
  pass_or_fail: z.enum(['PASS', 'NO PASS']),
  review_comments: z.string(),
  /** the reviewer's name ('' when the reviewer's account is gone) */
  reviewed_by: z.string(),
  reviewed_by_id: z.string().nullable(),
});
export type TReviewEntry = z.infer<typeof ZReviewEntry>;
export const ZTrackRecordResponse = z.object({
  success: z.literal(true),
  /** one entry: the assignment, its decisions oldest first (the UI shows them reversed, newest first) */
  data: z.array(
    z.object({
      _id: z.string(),
      status: ZAssignmentStatus,
      reviewed_status: z.array(ZReviewEntry),
    }),
  ),
});
export type TTrackRecordResponse = z.infer<typeof ZTrackRecordResponse>;

// ---- GET /api/v1/sims/get-assessor-notes/:id, POST /api/v1/sims/save-assessor-notes/:id (id: the attempt) ----
export const ZAssessorNotesParams = z.object({ id: ZRowId });
export const ZAssessorNotesResponse = z.object({
  success: z.literal(true),
  _id: z.string(),
  /** null when none is written */
  assessor_notes: z.string().nullable(),
});
export type TAssessorNotesResponse = z.infer<typeof ZAssessorNotesResponse>;
export const ZSaveAssessorNotesRequest = z.object({
  assessor_notes: z.string().trim().max(RESULT_LIMITS.assessorNotesMax),
  /** the client's mode (edit = update); the server decides by whether a note is stored */
  edit: z.boolean().default(false),
});
export type TSaveAssessorNotesRequest = z.output<typeof ZSaveAssessorNotesRequest>;
export const ZSaveAssessorNotesResponse = ZAssessorNotesResponse.extend({ message: z.string() });

// ---- GET /api/v1/sims/agent-assignment-history?assignment_id ----
export const ZAssignmentHistoryQuery = z.object({ assignment_id: ZRowId });
export const ZHistoryAttempt = z.object({
  _id: z.string(),
  sim_level_id: z.string(),
  level_name: z.string(),
  level_order: z.number().int(),
  mode: ZAttemptMode,
  status: z.enum(['started', 'completed', 'exited']),
  started_on: z.string(),
  completed_on: z.string().nullable(),
  totalSeconds: z.number().int(),
  wrapSeconds: z.number().int(),
  keyword_accuracy: ZFigure,
  typing_accuracy: ZFigure,
  data_selection_accuracy: ZFigure,
  overall_percentage: ZFigure,
});
export type THistoryAttempt = z.infer<typeof ZHistoryAttempt>;
export const ZAssignmentHistoryResponse = z.object({
  success: z.literal(true),
  assignment_id: z.string(),
  /** the assignment's attempts, newest first */
  history: z.array(ZHistoryAttempt),
});
export type TAssignmentHistoryResponse = z.infer<typeof ZAssignmentHistoryResponse>;
