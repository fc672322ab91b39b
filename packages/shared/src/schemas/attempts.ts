/** Bodies and answers of the take-sim calls (learner-and-review.md sections 3, 4 and 7; DECISIONS.md §6). */
import { z } from 'zod';
import { GRADING_LIMITS } from '../grading/constants';
import { ZKeywordEvidence } from './evidence';
import { ZGradedTest } from './grading';
import { ZLevel } from './levels';
import { ZGradeTranscriptionResponse, ZMissedCorrectResponse, ZScript } from './scripts';
import { ZSimWithCharacters } from './sims';
import { ZRowId } from './users';

/** Texts of the take-sim calls that TAKE_SIM_MESSAGES (assignments.ts) does not hold. */
export const ATTEMPT_MESSAGES = {
  /** save-take-sim-details / stats with mode practice on a hiring sim or a level of order 4 (400) */
  autoplayOnly: 'This level is played in autoplay mode only.',
  /** retry-line */
  lineCleared: 'The recording was cleared. Record the line again.',
} as const;

export const ATTEMPT_MODES = ['practice', 'autoplay'] as const;
export const ZAttemptMode = z.enum(ATTEMPT_MODES);
export type AttemptMode = z.infer<typeof ZAttemptMode>;

/** A level figure: a percentage, or null for N/A (DECISIONS.md §4: never 0 for "does not apply"). */
export const ZFigure = z.number().nullable();

// GET /api/v1/sims/stats?sim_id&user_id&assignment_id — the level cards of the sim detail dialog
export const ZLevelStatsQuery = z.object({ sim_id: ZRowId, user_id: ZRowId.optional(), assignment_id: ZRowId });
export type TLevelStatsQuery = z.infer<typeof ZLevelStatsQuery>;
export const ZLevelStats = z.object({
  level_id: z.string(),
  level_name: z.string(),
  level_order: z.number().int(),
  total_attempts: z.number().int(),
  completed_attempts: z.number().int(),
  /** the latest completed attempt's figures and pass/fail, null when none */
  pass_fail_details: z
    .object({
      user_response_id: z.string(),
      keyword_accuracy: ZFigure,
      overall_percentage: ZFigure,
      passed: z.boolean().nullable(),
      completed_on: z.string(),
    })
    .nullable(),
  screenRecording: z.boolean(),
  screen_recordings: z.number().int(),
  /** an unfinished attempt to resume (RESUME / START OVER), null when none */
  unfinished: z.object({ user_response_id: z.string(), mode: ZAttemptMode, active_index: z.number().int() }).nullable(),
  total_scripts: z.number().int(),
});
export type TLevelStats = z.infer<typeof ZLevelStats>;
export const ZLevelStatsResponse = z.object({
  success: z.literal(true),
  assignment_status: z.string(),
  stats: z.array(ZLevelStats),
});
export type TLevelStatsResponse = z.infer<typeof ZLevelStatsResponse>;

// GET /api/v1/sims/learner-sim?assignment_id — the sim detail dialog of a learner's assignment
export const ZLearnerSimQuery = z.object({ assignment_id: ZRowId });
export const ZLearnerSimResponse = z.object({
  success: z.literal(true),
  sim: ZSimWithCharacters.extend({ levels: z.array(ZLevel) }),
  assignment_id: z.string(),
  assignment_status: z.string(),
});
export type TLearnerSimResponse = z.infer<typeof ZLearnerSimResponse>;

// POST /api/v1/sims/continue {simId, simLevelId, mode, assignment_id}
export const ZContinueRequest = z.object({
  simId: ZRowId,
  simLevelId: ZRowId,
  mode: ZAttemptMode.optional(),
  assignment_id: ZRowId,
});
export const ZContinueResponse = z.object({
  success: z.literal(true),
  continue_agent: z.boolean(),
  active_clip_index: z.number().int(),
  user_response_id: z.string().nullable(),
  mode: ZAttemptMode.nullable(),
  /** seconds already spent on the unfinished attempt */
  total_seconds: z.number().int(),
});
export type TContinueResponse = z.infer<typeof ZContinueResponse>;

// GET /api/v1/sims/take-sim/details?simLevelId&assignment_id(&user_response_id)
export const ZTakeSimQuery = z.object({
  simLevelId: ZRowId,
  assignment_id: ZRowId,
  user_response_id: ZRowId.optional(),
});
export type TTakeSimQuery = z.infer<typeof ZTakeSimQuery>;
/** A step of the take-sim screen: the script, its character and, for a resumed attempt, the learner's take. */
export const ZTakeSimStep = ZScript.extend({
  /** the line is the agent's (its character's type) */
  is_agent: z.boolean(),
  /**
   * the line is the learner's turn: an agent line on a level that converts the agent (isLearnerTurn); on
   * any other level its clip plays and the learner is never asked to record it
   */
  learner_turn: z.boolean(),
  /** the take of this line in the attempt given, null before one */
  take: z
    .object({
      id: z.string(),
      status: z.enum(['Pending', 'Completed', 'Failed']),
      transcription: z.string(),
      grade_score: z.number(),
      recorded_url: z.string().nullable(),
    })
    .nullable(),
});
export type TTakeSimStep = z.infer<typeof ZTakeSimStep>;
export const ZTakeSimResponse = z.object({
  success: z.literal(true),
  sim: ZSimWithCharacters,
  level: ZLevel.extend({
    sim_scripts: z.array(ZTakeSimStep),
    sim_real_time_feedback: z.boolean(),
    level_real_time_feedback: z.boolean(),
  }),
  /** the sim's layouts when its product type is Internal Data (the case panel), else [] */
  layouts: z.array(z.json()),
  assignment_status: z.string(),
});
export type TTakeSimResponse = z.infer<typeof ZTakeSimResponse>;

// POST /api/v1/sims/save-take-sim-details {simId, simLevelId, mode, assignment_id, without_coach}
export const ZStartAttemptRequest = z.object({
  simId: ZRowId,
  simLevelId: ZRowId,
  mode: ZAttemptMode,
  assignment_id: ZRowId,
  without_coach: z.boolean().default(false),
});
export type TStartAttemptRequest = z.output<typeof ZStartAttemptRequest>;
export const ZStartAttemptResponse = z.object({ success: z.literal(true), _id: z.string() });

// POST /api/v1/sims/stats {simId, simLevelId, mode, status, activeIndex, levelStart, updateIndexBool, user_response_id}
export const ZSaveStatsRequest = z.object({
  user_response_id: ZRowId,
  simId: ZRowId,
  simLevelId: ZRowId,
  mode: ZAttemptMode,
  status: z.enum(['started', 'completed']),
  activeIndex: z.number().int().min(0).max(10000),
  levelStart: z.boolean().default(false),
  updateIndexBool: z.boolean().default(true),
  /** seconds spent so far (kept so RESUME can add them to the time of the rest); left out, kept as is */
  totalSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});
export type TSaveStatsRequest = z.output<typeof ZSaveStatsRequest>;

// POST /api/v1/sims/user-script-id {user_response_id, sim_script_id}
export const ZLineIdRequest = z.object({ user_response_id: ZRowId, sim_script_id: ZRowId });
export const ZLineIdResponse = z.object({ success: z.literal(true), id: z.string() });

// POST /api/v1/sims/retry-line {id}: Retry clears the line's take
export const ZRetryLineRequest = z.object({ id: ZRowId });

// POST /api/v1/sims/grade-transcription (multipart) with an attempt id → {success, id} at once
/** The text fields of the learner's recording (audio_blob is the file; required). */
export const ZLineUploadFields = z.object({
  sim_level_user_response: ZRowId,
  script_id: ZRowId,
  /** the live transcript of the recording (final if any, else partial) */
  transcribed_text: z.string().max(GRADING_LIMITS.transcriptMax).optional(),
  /** the speech stream of this take (its final's stream_id): the server may grade from that decode */
  stream_id: z.string().uuid().optional(),
});
export const ZLineUploadResponse = z.object({ success: z.literal(true), id: z.string() });
export type TLineUploadResponse = z.infer<typeof ZLineUploadResponse>;
/** grade-transcription answers Try Test's grade (sim_level_user_response=1) or the line id (an attempt id). */
export const ZGradeTranscriptionAnswer = z.union([ZGradeTranscriptionResponse, ZLineUploadResponse]);

// GET /api/v1/sims/get-missed-correct-keywords?id=<line id>
export const ZLineResultResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  correct_keywords: z.array(z.string()),
  missed_keywords: z.array(z.string()),
  grade_score: z.number(),
  passed: z.boolean(),
  tests_matched: z.array(ZGradedTest),
  missed_tests: z.array(ZGradedTest),
  transcription: z.string(),
  status: z.enum(['Pending', 'Completed', 'Failed']),
  /** not in the spec (issue 30): each keyword entry with its evidence ("expected Thursday, heard Friday") */
  evidence: z.array(ZKeywordEvidence).optional(),
  /** not in the spec (issue 32): while Pending, how many lines the decoders grade before this one */
  lines_ahead: z.number().int().min(0).optional(),
});
export type TLineResultResponse = z.infer<typeof ZLineResultResponse>;
/** get-missed-correct-keywords answers a script's last Try Test (id of a script) or a line's result (id of a line). */
export const ZMissedCorrectAnswer = z.union([ZMissedCorrectResponse, ZLineResultResponse]);

// POST /api/v1/sims/final-score
export const ZFinalScoreRequest = z.object({
  user_response_id: ZRowId,
  assignment_id: ZRowId,
  totalSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  wrapSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(0),
  isPost: z.boolean().default(true),
  exit_or_restart: z.boolean().default(false),
});
export type TFinalScoreRequest = z.output<typeof ZFinalScoreRequest>;
export const ZAttemptFigures = z.object({
  keyword_accuracy: ZFigure,
  typing_accuracy: ZFigure,
  data_selection_accuracy: ZFigure,
  overall_percentage: ZFigure,
  correct_entries: z.number().int(),
  total_entries: z.number().int(),
  correct_selections: z.number().int(),
  total_selections: z.number().int(),
});
export type TAttemptFigures = z.infer<typeof ZAttemptFigures>;
export const ZFinalScoreResponse = ZAttemptFigures.extend({
  success: z.literal(true),
  user_response_id: z.string(),
  status: z.enum(['started', 'completed', 'exited']),
  /** false while some agent line is not graded yet: ask again after 5 s */
  all_completed: z.boolean(),
  totalSeconds: z.number().int(),
  wrapSeconds: z.number().int(),
  assignment_status: z.string(),
});
export type TFinalScoreResponse = z.infer<typeof ZFinalScoreResponse>;

// POST /api/v1/sims/save-take-sim-input-details?simId&userResponseId {inputs}
export const ZInputDetailsQuery = z.object({ simId: ZRowId, userResponseId: ZRowId });
export const ZAttemptInput = z.object({
  field_id: z.string().min(1).max(100),
  field_title: z.string().max(255),
  /** typing: a text field; selection: a select, radio or checkbox */
  kind: z.enum(['typing', 'selection']),
  input_value: z.string().max(5000),
  target_value: z.string().max(5000).nullable(),
});
export type TAttemptInput = z.infer<typeof ZAttemptInput>;
export const ZInputDetailsRequest = z.object({ inputs: z.array(ZAttemptInput).max(500) });
