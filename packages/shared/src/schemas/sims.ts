/**
 * Sims: the list, the trash, details, basic information and characters (authoring.md sections 3, 5, 7).
 * Field names are the spec's, odd spellings included (natural_lenguage).
 */
import { z } from 'zod';
import {
  AUTHORING_LIMITS,
  AUTHORING_MESSAGES,
  AVATARS,
  CALL_TYPES,
  CHARACTER_TYPES,
  DEFAULT_CALL_TYPE,
  LAST_WIZARD_STEP,
  SIM_TYPES,
} from '../authoring';
import { TEXT_MAX } from '../constants';
import { VOICE_NAMES } from '../speech';
import { ZMessageResponse } from './common';
import { ZSortOrder } from './groups';
import { ZLevel, ZPassFail } from './levels';
import { ZCharacter, ZScript } from './scripts';
import { ZRowId } from './users';

const L = AUTHORING_LIMITS;
const M = AUTHORING_MESSAGES;

/** Text that may be sent as null or left out: stored as ''. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

/** '' and null mean "not given" (a cleared select). */
const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZSimIdBody = z.object({ sim_id: ZRowId });
export type TSimIdBody = z.infer<typeof ZSimIdBody>;
export const ZWizardStep = z.number().int().min(0).max(LAST_WIZARD_STEP);

export const ZCharacterRef = z.object({ _id: z.string(), name: z.string() });

export const ZSimDocument = z.object({ id: z.string(), url: z.string(), fileName: z.string(), mimeType: z.string() });
export type TSimDocument = z.infer<typeof ZSimDocument>;
/** A video of a sim as reads answer it: a signed, expiring url and the uploaded file's name. */
export const ZSimVideo = z.object({ url: z.string(), fileName: z.string() });
export type TSimVideo = z.infer<typeof ZSimVideo>;

/** A sim as every read answers it (section 3). */
export const ZSim = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  brief_description: z.string(),
  admin_note: z.string(),
  product_id: z.string(),
  product: z.string(),
  product_name: z.string(),
  product_type: z.string(),
  sim_type: z.enum(SIM_TYPES),
  call_type: z.string(),
  auto_populate: z.boolean(),
  real_time_feedback: z.boolean(),
  natural_lenguage: z.boolean(),
  draft: z.boolean(),
  hot_links: z.array(z.string()),
  documents: z.array(ZSimDocument),
  /** the uploads (issue 5); null when none. Optional until every read fills them. */
  tutorial_video: ZSimVideo.nullish(),
  captivate_folder_name: z.string().nullish(),
  /** opens the learning package's start page (a signed, expiring URL) */
  captivate_url: z.string().nullish(),
  captivate_demo_video: ZSimVideo.nullish(),
  activeStep: z.number().int(),
  is_pass_fail_criteria_set: z.boolean(),
  pass_fail_id: z.string().nullable(),
  company: z.string(),
  created_by: ZCharacterRef.nullable(),
  built_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  totalLevels: z.number().int(),
  totalSteps: z.number().int(),
});
export type TSim = z.infer<typeof ZSim>;

/** voice id → label, for the Voice select. */
export const ZSelectVoices = z.record(z.string(), z.string());

// GET /api/v1/sims/listing?skip&limit&product&title&sortBy&order, GET /api/v1/sims/deleted-sims?skip&limit
export const SIM_SORT_KEYS = [
  'title',
  'sim_type',
  'created_at',
  'updated_at',
  'admin_note',
  'draft',
  'built_by',
  'totalLevels',
  'totalSteps',
] as const;
export type TSimSortKey = (typeof SIM_SORT_KEYS)[number];
const ZSimPaging = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(L.pageSize),
});
export const ZSimListQuery = ZSimPaging.extend({
  /** a product id; empty or 'All' lists every product */
  product: z.preprocess(
    (v) => (typeof v === 'string' && v.toLowerCase() === 'all' ? undefined : blankAsUndefined(v)),
    ZRowId.optional(),
  ),
  title: z.string().trim().max(TEXT_MAX).default(''),
  sortBy: z.enum(SIM_SORT_KEYS).default('updated_at'),
  order: ZSortOrder.default('desc'),
});
export type TSimListQuery = z.output<typeof ZSimListQuery>;
export const ZDeletedSimsQuery = ZSimPaging.extend({ title: z.string().trim().max(TEXT_MAX).default('') });
export type TDeletedSimsQuery = z.output<typeof ZDeletedSimsQuery>;
export const ZSimListResponse = z.object({ success: z.literal(true), sims: z.array(ZSim), total: z.number().int() });
export type TSimListResponse = z.infer<typeof ZSimListResponse>;

// GET /api/v1/sims/list?product_id, GET /api/v1/sims/simData?product_id
export const ZProductSimsQuery = z.object({ product_id: z.preprocess(blankAsUndefined, ZRowId.optional()) });
export const ZSimOption = z.object({
  _id: z.string(),
  title: z.string(),
  sim_type: z.enum(SIM_TYPES),
  product_id: z.string(),
  product_name: z.string(),
  draft: z.boolean(),
});
export type TSimOption = z.infer<typeof ZSimOption>;
export const ZSimOptionsResponse = z.object({ success: z.literal(true), sims: z.array(ZSimOption) });
export const ZLevelOption = z.object({ _id: z.string(), name: z.string(), order: z.number().int() });
export const ZSimDataResponse = z.object({
  success: z.literal(true),
  sims: z.array(ZSimOption.extend({ levels: z.array(ZLevelOption) })),
});
export type TSimDataResponse = z.infer<typeof ZSimDataResponse>;

// GET /api/v1/sims/details?simId, /current-sim?id, /full-details?sim_id
export const ZSimDetailsQuery = z.object({ simId: ZRowId });
export const ZCurrentSimQuery = z.object({ id: ZRowId });
export const ZFullDetailsQuery = z.object({ sim_id: ZRowId });
export const ZSimWithCharacters = ZSim.extend({
  sim_characters: z.array(ZCharacter),
  selectVoices: ZSelectVoices,
});
export const ZSimDetailsResponse = z.object({ success: z.literal(true), sim: ZSimWithCharacters });
export type TSimDetailsResponse = z.infer<typeof ZSimDetailsResponse>;
export const ZCurrentSimResponse = z.object({
  success: z.literal(true),
  sim: ZSimWithCharacters.extend({ levels: z.array(ZLevel), pass_fail: ZPassFail.nullable() }),
});
export type TCurrentSimResponse = z.infer<typeof ZCurrentSimResponse>;
/** The sim as the builder wizard and its steps hold it (the answer of current-sim, as sent). */
export type TBuilderSim = z.input<typeof ZCurrentSimResponse>['sim'];
export const ZFullLevel = ZLevel.extend({ scripts: z.array(ZScript) });
export type TFullLevel = z.infer<typeof ZFullLevel>;
export const ZFullDetailsResponse = z.object({
  success: z.literal(true),
  sim: ZSimWithCharacters.extend({ levels: z.array(ZFullLevel), pass_fail: ZPassFail.nullable() }),
});
export type TFullDetailsResponse = z.infer<typeof ZFullDetailsResponse>;

// POST /api/v1/sims/delete, /recover {sim_id}; POST /api/v1/sims/trash
export const ZEmptyTrashResponse = ZMessageResponse.extend({ deleted: z.number().int() });

// POST /api/v1/sims/duplicate-sim {simId}
export const ZDuplicateSimRequest = z.object({ simId: ZRowId });
export const ZDuplicateSimResponse = ZMessageResponse.extend({ sim_id: z.string(), sim: ZSim });
export type TDuplicateSimResponse = z.infer<typeof ZDuplicateSimResponse>;

// GET /api/v1/product
export const ZProduct = z.object({ _id: z.string(), name: z.string(), type: z.string() });
export type TProduct = z.infer<typeof ZProduct>;
export const ZProductsResponse = z.object({ success: z.literal(true), products: z.array(ZProduct) });

// GET /api/v1/sims/characters?sim_id
export const ZCharactersQuery = z.object({ sim_id: z.preprocess(blankAsUndefined, ZRowId.optional()) });
export const ZCharactersResponse = z.object({
  success: z.literal(true),
  /** true when these are the defaults (no sim given, or the sim has no characters yet) */
  defaults: z.boolean(),
  sim_characters: z.array(ZCharacter),
  selectVoices: ZSelectVoices,
});

const ZHotLink = z
  .string()
  .trim()
  .max(L.hotLinkMax, M.badLink)
  .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), M.badLink);

// POST /api/v1/sims/basicInfo: multipart, one field `data` holding this as JSON
export const ZBasicInfoData = z.object({
  _id: z.preprocess(blankAsUndefined, ZRowId.optional()),
  title: z.string({ message: M.titleRequired }).trim().min(1, M.titleRequired).max(L.titleMax),
  description: z.string({ message: M.descriptionRequired }).trim().min(1, M.descriptionRequired).max(L.descriptionMax),
  brief_description: optionalText(L.briefDescriptionMax),
  admin_note: optionalText(L.adminNoteMax),
  /** accepted and ignored: the kind follows the product */
  sim_type: z.enum(SIM_TYPES).nullish(),
  product_id: z.preprocess(blankAsUndefined, ZRowId.optional()),
  call_type: z.preprocess(blankAsUndefined, z.enum(CALL_TYPES).default(DEFAULT_CALL_TYPE)),
  auto_populate: z.boolean().default(false),
  real_time_feedback: z.boolean().default(false),
  natural_lenguage: z.boolean().default(false),
  draft: z.boolean().default(false),
  hot_links: z
    .array(ZHotLink)
    .max(L.hotLinksMax)
    .nullish()
    .transform((v) => v ?? [])
    .refine((links) => new Set(links).size === links.length, M.duplicateLink),
  activeStep: ZWizardStep.optional(),
});
export type TBasicInfoData = z.input<typeof ZBasicInfoData>;
export type TBasicInfo = z.output<typeof ZBasicInfoData>;
export const ZBasicInfoResponse = ZMessageResponse.extend({ sim_id: z.string(), _id: z.string(), sim: ZSim });
export type TBasicInfoResponse = z.infer<typeof ZBasicInfoResponse>;

// PATCH /api/v1/sims/avatars/update-details
export const ZCharacterInput = z.object({
  _id: z.string().nullish(),
  type: z.enum(CHARACTER_TYPES, { message: M.charactersIncomplete }),
  name: z.string({ message: M.characterNameRequired }).trim().min(1, M.characterNameRequired).max(L.characterNameMax),
  voice: z.enum(VOICE_NAMES, { message: M.characterVoiceRequired }),
  avatar: z.enum(AVATARS, { message: M.characterAvatarRequired }),
  masked_type: optionalText(L.maskedTypeMax),
});
export type TCharacterInput = z.input<typeof ZCharacterInput>;
export const ZUpdateCharactersRequest = z.object({
  sim_id: ZRowId,
  sim_characters: z
    .array(ZCharacterInput)
    .length(CHARACTER_TYPES.length, M.charactersIncomplete)
    .refine((list) => new Set(list.map((c) => c.type)).size === CHARACTER_TYPES.length, M.charactersIncomplete),
  activeStep: ZWizardStep.optional(),
});
export type TUpdateCharactersRequest = z.input<typeof ZUpdateCharactersRequest>;
export const ZUpdateCharactersResponse = ZMessageResponse.extend({ sim_characters: z.array(ZCharacter) });

// PATCH /api/v1/sims/active-step (a path the spec does not show): the wizard step kept on the sim
export const ZActiveStepRequest = z.object({ sim_id: ZRowId, activeStep: ZWizardStep });
export const ZActiveStepResponse = ZMessageResponse.extend({ activeStep: z.number().int() });

// POST /api/v1/sims/log-error: a client-side error report
export const ZLogErrorRequest = z.object({
  message: z.string().trim().min(1).max(L.logErrorMessageMax),
  stack: z.string().max(L.logErrorStackMax).optional(),
  url: z
    .string()
    .max(TEXT_MAX * 8)
    .optional(),
  component: z.string().max(TEXT_MAX).optional(),
  info: z.record(z.string(), z.json()).optional(),
});
export type TLogErrorRequest = z.infer<typeof ZLogErrorRequest>;
