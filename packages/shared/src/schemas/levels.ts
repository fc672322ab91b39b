/**
 * Levels, their option toggles, Generate Sim and the pass/fail criteria (authoring.md sections 3, 4, 7;
 * DECISIONS.md section 3).
 */
import { z } from 'zod';
import {
  AUTHORING_LIMITS,
  AUTHORING_MESSAGES,
  GENERATE_FLAGS,
  GENERATED_LEVEL_NAMES,
  type GenerateFlag,
} from '../authoring';
import { ZRowId } from './users';

const M = AUTHORING_MESSAGES;

export const ZLevel = z.object({
  _id: z.string(),
  /** the same id, under the name some calls use */
  level_id: z.string(),
  sim_id: z.string(),
  name: z.string(),
  order: z.number().int(),
  hint_text: z.boolean(),
  keyword_score: z.boolean(),
  real_time_feedback: z.boolean(),
  send_to_snowfly: z.boolean(),
  screenRecording: z.boolean(),
  only_keywords: z.boolean(),
  sim_generated: z.boolean(),
  remove_coach: z.boolean(),
  convert_agent: z.boolean(),
  remove_agent: z.boolean(),
  auto_populate: z.boolean(),
  totalScripts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLevel = z.infer<typeof ZLevel>;

export const ZLevelResponse = z.object({ success: z.literal(true), message: z.string(), level: ZLevel });
export type TLevelResponse = z.infer<typeof ZLevelResponse>;

export const ZLevelName = z
  .string({ message: M.levelNameRequired })
  .trim()
  .min(1, M.levelNameRequired)
  .max(AUTHORING_LIMITS.levelNameMax);

// POST /api/v1/sims/add-level
export const ZAddLevelRequest = z.object({
  sim_id: ZRowId,
  name: ZLevelName,
  /** position from 0; left out, the level goes last */
  order: z.number().int().min(0).optional(),
  hint_text: z.boolean().default(false),
  keyword_score: z.boolean().default(false),
  send_to_snowfly: z.boolean().default(false),
  real_time_feedback: z.boolean().default(false),
  screenRecording: z.boolean().default(false),
  only_keywords: z.boolean().default(false),
});
export type TAddLevelRequest = z.input<typeof ZAddLevelRequest>;

// PATCH /api/v1/sims/editLevel/:id {name, sim_id}
export const ZEditLevelParams = z.object({ id: ZRowId });
export const ZEditLevelRequest = z.object({ sim_id: ZRowId, name: ZLevelName });

// POST /api/v1/sims/delete-level {level_id, sim_id}
export const ZDeleteLevelRequest = z.object({ sim_id: ZRowId, level_id: ZRowId });

// Level option toggles (the level Settings dialog)
const levelToggle = <K extends string>(key: K) =>
  z.object({ sim_id: ZRowId, level_id: ZRowId }).extend({ [key]: z.boolean() } as Record<K, z.ZodBoolean>);
export const ZKeywordScoreRequest = levelToggle('keyword_score');
export const ZSendToSnowflyRequest = levelToggle('send_to_snowfly');
export const ZOnlyKeywordsRequest = levelToggle('only_keywords');
export const ZLevelHintTextRequest = levelToggle('hint_text');
/** With script_id only that script's real-time feedback changes; without it the level's and all its scripts'. */
export const ZRealTimeFeedbackRequest = levelToggle('real_time_feedback').extend({ script_id: ZRowId.optional() });
/** The spec sends levelId and screenRecording; sim_id is optional here. */
export const ZScreenRecordingRequest = z.object({
  levelId: ZRowId,
  screenRecording: z.boolean(),
  sim_id: ZRowId.optional(),
});

// POST /api/v1/sims/copy-hint-text {sim_id, level_id, import_to_levelId}
export const ZCopyHintTextRequest = z.object({ sim_id: ZRowId, level_id: ZRowId, import_to_levelId: ZRowId });
export const ZCopyHintTextResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.number().int(),
});

// POST /api/v1/sims/generate-sim {sim_id, levelId: [settings]}
/** One generated level: its fixed name, and the flags (the spec's defaults for that name when left out). */
export const ZGenerateLevelSettings = z.object({
  name: z.enum(GENERATED_LEVEL_NAMES),
  ...(Object.fromEntries(GENERATE_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
    GenerateFlag,
    z.ZodOptional<z.ZodBoolean>
  >),
});
export type TGenerateLevelSettings = z.infer<typeof ZGenerateLevelSettings>;
export const ZGenerateSimRequest = z.object({
  sim_id: ZRowId,
  /** left out: the four levels with the spec's flags */
  levelId: z
    .array(ZGenerateLevelSettings)
    .min(1)
    .max(AUTHORING_LIMITS.generatedLevels)
    .refine((list) => new Set(list.map((l) => l.name)).size === list.length, M.generateNamesUnique)
    .optional(),
});
export type TGenerateSimRequest = z.input<typeof ZGenerateSimRequest>;
export const ZGenerateSimResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  levels: z.array(ZLevel),
});

// Pass/fail criteria
export const ZPassFail = z.object({
  _id: z.string(),
  sim_id: z.string(),
  sim_level_id: z.string(),
  threshold_keyword_accuracy: z.number().nullable(),
  threshold_typing_accuracy: z.number().nullable(),
  threshold_data_selection_accuracy: z.number().nullable(),
  threshold_overall_accuracy: z.number().nullable(),
  disable_threshold_keyword_accuracy: z.boolean(),
  disable_threshold_typing_accuracy: z.boolean(),
  disable_threshold_data_selection_accuracy: z.boolean(),
  disable_threshold_overall_accuracy: z.boolean(),
  allow_skip_levels: z.boolean(),
  status: z.literal('set'),
});
export type TPassFail = z.infer<typeof ZPassFail>;

/** A percentage; an empty value means "not set". Numeric strings are read as numbers. */
const ZThreshold = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ message: M.thresholdRange }).min(0, M.thresholdRange).max(100, M.thresholdRange).nullable(),
);

// POST /api/v1/sims/set-criteria
export const ZSetCriteriaRequest = z.object({
  sim_id: ZRowId,
  sim_level_id: ZRowId,
  threshold_keyword_accuracy: ZThreshold,
  threshold_typing_accuracy: ZThreshold,
  threshold_data_selection_accuracy: ZThreshold,
  threshold_overall_accuracy: ZThreshold,
  disable_threshold_keyword_accuracy: z.boolean().default(false),
  disable_threshold_typing_accuracy: z.boolean().default(false),
  disable_threshold_data_selection_accuracy: z.boolean().default(false),
  disable_threshold_overall_accuracy: z.boolean().default(false),
  allow_skip_levels: z.boolean().default(false),
});
export type TSetCriteriaRequest = z.input<typeof ZSetCriteriaRequest>;
export type TSetCriteria = z.output<typeof ZSetCriteriaRequest>;
export const ZSetCriteriaResponse = z.object({ success: z.literal(true), message: z.string(), pass_fail: ZPassFail });

// POST /api/v1/sims/remove-sim-passFail {sim_level_id, sim_id}
export const ZRemovePassFailRequest = z.object({ sim_id: ZRowId, sim_level_id: ZRowId });
