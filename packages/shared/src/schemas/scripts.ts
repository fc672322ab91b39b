/**
 * Characters and scripts: the script rows of a level, their keywords, tests, audio and try-out grading
 * (authoring.md sections 3, 5, 7; DECISIONS.md sections 3 and 4).
 */
import { z } from 'zod';
import { AUTHORING_LIMITS, AUTHORING_MESSAGES, CHARACTER_TYPES } from '../authoring';
import { GRADING_LIMITS } from '../grading/constants';
import { parseKeywordList } from '../grading/keyword-entry';
import { VOICE_NAMES } from '../speech';
import { ZGradedTest, ZGradeResponse, ZTest } from './grading';
import { ZLevel } from './levels';
import { ZRowId } from './users';

const L = AUTHORING_LIMITS;
const M = AUTHORING_MESSAGES;
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A character; the defaults of a sim without characters have no _id. */
export const ZCharacter = z.object({
  _id: z.string().nullable(),
  sim_id: z.string().nullable(),
  type: z.enum(CHARACTER_TYPES),
  name: z.string(),
  voice: z.enum(VOICE_NAMES),
  avatar: z.string(),
  masked_type: z.string(),
});
export type TCharacter = z.infer<typeof ZCharacter>;

/**
 * A keyword list as the Add Keyword dialog sends it (a comma-separated text or a list): split on commas,
 * trimmed, duplicates dropped, one operator kind per entry ('Use only one operator & or |').
 */
export const ZKeywordList = z
  .union([z.string().max(GRADING_LIMITS.keywordsMax * GRADING_LIMITS.keywordMaxLength), z.array(z.string())])
  .transform((input, ctx) => {
    const result = parseKeywordList(input);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.keywords;
  });

/** An auto-populate target of a script (a case field to fill; the layout comes with the Data Input step). */
export const ZAutopopulateTarget = z.record(z.string(), z.json());
export type TAutopopulateTarget = z.infer<typeof ZAutopopulateTarget>;

/** A test as stored and answered (ZTest is the input form with its messages). */
export const ZTestOut = z.object({
  name: z.string(),
  isFlexible: z.boolean(),
  keywords: z.array(z.string()),
  coachFeedback: z.string().optional(),
  confidence: z.number(),
});

export const AUDIO_SOURCES = ['generated', 'recorded'] as const;

export const ZScript = z.object({
  _id: z.string(),
  sim_id: z.string(),
  sim_level_id: z.string(),
  sim_character_id: z.string().nullable(),
  script: z.string(),
  keywords: z.array(z.string()),
  tests: z.array(ZTestOut),
  hint_text: z.string(),
  hide_text: z.boolean(),
  order: z.number().int(),
  /** signed, expiring URL of the generated clip */
  audio_url: z.string().nullable(),
  expiry_date: z.string().nullable(),
  audio_key: z.string().nullable(),
  audio_source: z.enum(AUDIO_SOURCES).nullable(),
  voice: z.string().nullable(),
  agent_recorded_audio: z.boolean(),
  /** signed, expiring URL of the author's own recording */
  agent_recorded_url: z.string().nullable(),
  real_time_feedback: z.boolean(),
  natural_lenguage: z.boolean(),
  autopopulate_timer: z.number().int().nullable(),
  autopopulate_data: z.array(ZAutopopulateTarget).nullable(),
  overalConfidence: z.number().int(),
  status: z.literal('saved'),
  character: ZCharacter.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TScript = z.infer<typeof ZScript>;

// POST /api/v1/sims/scripts: create (no _id) or update (_id; fields left out keep their value)
export const ZSaveScriptRequest = z.object({
  _id: z.preprocess(blankAsUndefined, ZRowId.optional()),
  sim_id: ZRowId,
  /** with is_level and no sim_level_id, a level is created (name, level_order) for the script */
  is_level: z.boolean().optional(),
  name: z.string().trim().max(L.levelNameMax).nullish(),
  level_order: z.number().int().min(0).nullish(),
  sim_level_id: z.preprocess(blankAsUndefined, ZRowId.optional()),
  sim_character_id: z.preprocess(blankAsUndefined, z.guid({ message: M.characterRequired }).optional()),
  script: z.string({ message: M.scriptRequired }).trim().min(1, M.scriptRequired).max(L.scriptMax).optional(),
  keywords: ZKeywordList.optional(),
  tests: z.array(ZTest).max(GRADING_LIMITS.testsMax).optional(),
  hint_text: z.string().trim().max(L.hintTextMax).nullish(),
  hide_text: z.boolean().optional(),
  /** position from 1 in the level; left out on create, the script goes last */
  order: z.number().int().min(1).optional(),
  /** accepted and ignored: the server keeps the audio key and signs its URL */
  audio_url: z.string().nullish(),
  autopopulate_timer: z.number().int().min(0).max(L.autopopulateTimerMaxSeconds).nullish(),
  autopopulate_data: z.array(ZAutopopulateTarget).max(L.autopopulateTargetsMax).nullish(),
  real_time_feedback: z.boolean().optional(),
  natural_lenguage: z.boolean().optional(),
  agent_recorded_audio: z.boolean().optional(),
  overalConfidence: z.number().int().min(0).max(100).optional(),
  /** the client's highlight flag; accepted and ignored */
  newScript: z.boolean().optional(),
});
export type TSaveScriptRequest = z.input<typeof ZSaveScriptRequest>;
export type TSaveScript = z.output<typeof ZSaveScriptRequest>;
export const ZSaveScriptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  sim_script_id: z.string(),
  sim_level_id: z.string(),
  script: ZScript,
  level: ZLevel,
});
export type TSaveScriptResponse = z.infer<typeof ZSaveScriptResponse>;

// POST /api/v1/sims/keywords {sim_id, script_id, keywords}
export const ZSaveKeywordsRequest = z.object({
  sim_id: ZRowId,
  script_id: ZRowId,
  keywords: z.union([z.string(), z.array(z.string())]),
});
export const ZSaveKeywordsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  keywords: z.array(z.string()),
  /** entries left out because they repeat an earlier one */
  duplicates: z.array(z.string()),
});

// POST /api/v1/sims/delete-script {script_id, sim_id}
export const ZDeleteScriptRequest = z.object({ sim_id: ZRowId, script_id: ZRowId });

// POST /api/v1/sims/generate-voice {sim_script_id, sim_id, voice}
export const ZGenerateVoiceRequest = z.object({
  sim_id: ZRowId,
  sim_script_id: ZRowId,
  /** left out: the voice of the script's character */
  voice: z.preprocess(
    blankAsUndefined,
    z.enum(VOICE_NAMES, { message: `voice must be one of ${VOICE_NAMES.join(', ')}` }).optional(),
  ),
});
export const ZGenerateVoiceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  audio_url: z.string(),
  expiry_date: z.string(),
  audio_key: z.string(),
  voice: z.enum(VOICE_NAMES),
});
export type TGenerateVoiceResponse = z.infer<typeof ZGenerateVoiceResponse>;

/** The last try-out of a script, kept for get-missed-correct-keywords. */
export const ZScriptTryOut = z.object({
  transcription: z.string(),
  correctKeywords: z.array(z.string()),
  missedKeywords: z.array(z.string()),
  keyword_accuracy: z.number(),
  grade_score: z.number(),
  passed: z.boolean(),
  tests_matched: z.array(ZGradedTest),
  missed_tests: z.array(ZGradedTest),
  graded_at: z.string(),
});
export type TScriptTryOut = z.infer<typeof ZScriptTryOut>;

// POST /api/v1/sims/grade-transcription (multipart: sim_level_user_response=1, script_id, audio_blob,
// transcribed_text): Try Test. An attempt id instead of 1 is the learner's recording (ZLineUploadFields).
export const GRADE_TRANSCRIPTION_FIELDS = [
  'sim_level_user_response',
  'script_id',
  'transcribed_text',
  'stream_id',
] as const;
export const ZGradeTranscriptionFields = z.object({
  sim_level_user_response: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '1', M.tryOutOnly),
  script_id: ZRowId,
  transcribed_text: z.string().max(GRADING_LIMITS.transcriptMax).optional(),
});
export const ZGradeTranscriptionResponse = ZGradeResponse.extend({
  script_id: z.string(),
  transcription: z.string(),
  overalConfidence: z.number(),
});
export type TGradeTranscriptionResponse = z.infer<typeof ZGradeTranscriptionResponse>;

// GET /api/v1/sims/get-missed-correct-keywords?id (a script id: Try Test; a line id: see ZLineResultResponse)
export const ZMissedCorrectQuery = z.object({ id: ZRowId });
export const ZMissedCorrectResponse = z.object({
  success: z.literal(true),
  script_id: z.string(),
  /** false when the script was never tried out: every keyword is then listed as missed */
  graded: z.boolean(),
  correctKeywords: z.array(z.string()),
  missedKeywords: z.array(z.string()),
  grade_score: z.number().nullable(),
  passed: z.boolean().nullable(),
  transcription: z.string().nullable(),
  graded_at: z.string().nullable(),
});
export type TMissedCorrectResponse = z.infer<typeof ZMissedCorrectResponse>;
