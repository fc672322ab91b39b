import type { TAutopopulateTarget, TScriptTryOut, TSimDocument, TStoredFile, TTest } from '@sim/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { tools } from './tools';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const flag = (name: string) => boolean(name).notNull().default(false);

/** A simulation (authoring.md section 3). Trashed sims keep their rows with deleted_at set. */
export const sims = pgTable(
  'sims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    briefDescription: text('brief_description').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    productId: uuid('product_id')
      .notNull()
      .references(() => tools.id),
    simType: text('sim_type').notNull().default('training'),
    callType: text('call_type').notNull().default('Physician Referral'),
    autoPopulate: flag('auto_populate'),
    realTimeFeedback: flag('real_time_feedback'),
    naturalLenguage: flag('natural_lenguage'),
    draft: flag('draft'),
    hotLinks: jsonb('hot_links').$type<string[]>().notNull().default([]),
    documents: jsonb('documents').$type<TSimDocument[]>().notNull().default([]),
    /** the tutorial video (add-tutorial-video), at most 1 GiB */
    tutorialVideo: jsonb('tutorial_video').$type<TStoredFile>(),
    /** the learning package (add-captivate): unpacked under sims/{id}/captivate/{folder}/, started at entry */
    captivateFolderName: text('captivate_folder_name'),
    captivateEntry: text('captivate_entry'),
    /** the demo video (add-captivate-video), at most 100 MB */
    captivateDemoVideo: jsonb('captivate_demo_video').$type<TStoredFile>(),
    /** the sheet name of the last layout upload (upload-keyword) */
    sheetName: text('sheet_name'),
    activeStep: integer('active_step').notNull().default(0),
    isPassFailCriteriaSet: flag('is_pass_fail_criteria_set'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sims_company_active_idx').on(t.companyId, t.updatedAt).where(sql`${t.deletedAt} is null`),
    index('sims_company_trash_idx').on(t.companyId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('sims_product_idx').on(t.productId),
    // the score table sorted by sim: the sims walked by title (modules/scores)
    index('sims_company_title_idx').on(t.companyId, sql`lower(${t.title})`).where(sql`${t.deletedAt} is null`),
    check('sims_sim_type_chk', sql`${t.simType} in ('hiring', 'training')`),
  ],
);

/** The four characters of a sim, one per type. */
export const simCharacters = pgTable(
  'sim_characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    voice: text('voice').notNull(),
    avatar: text('avatar').notNull().default('avatar-1'),
    maskedType: text('masked_type').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sim_characters_sim_type_uq').on(t.simId, t.type),
    check('sim_characters_type_chk', sql`${t.type} in ('coach', 'agent', 'customer', 'other')`),
  ],
);

/** A level of a sim; sort_order from 0. The generation flags say how Generate Sim made it. */
export const simLevels = pgTable(
  'sim_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    hintText: flag('hint_text'),
    keywordScore: flag('keyword_score'),
    realTimeFeedback: flag('real_time_feedback'),
    sendToSnowfly: flag('send_to_snowfly'),
    screenRecording: flag('screen_recording'),
    onlyKeywords: flag('only_keywords'),
    simGenerated: flag('sim_generated'),
    removeCoach: flag('remove_coach'),
    convertAgent: flag('convert_agent'),
    removeAgent: flag('remove_agent'),
    autoPopulate: flag('auto_populate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sim_levels_sim_idx').on(t.simId, t.sortOrder)],
);

/** A scripted line of a level; sort_order from 1. */
export const simScripts = pgTable(
  'sim_scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    simLevelId: uuid('sim_level_id')
      .notNull()
      .references(() => simLevels.id, { onDelete: 'cascade' }),
    simCharacterId: uuid('sim_character_id').references(() => simCharacters.id, { onDelete: 'set null' }),
    script: text('script').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    tests: jsonb('tests').$type<TTest[]>().notNull().default([]),
    hintText: text('hint_text').notNull().default(''),
    hideText: flag('hide_text'),
    sortOrder: integer('sort_order').notNull().default(1),
    audioKey: text('audio_key'),
    audioSource: text('audio_source'),
    voice: text('voice'),
    agentRecordedAudio: flag('agent_recorded_audio'),
    agentRecordedKey: text('agent_recorded_key'),
    realTimeFeedback: flag('real_time_feedback'),
    naturalLenguage: flag('natural_lenguage'),
    autopopulateTimer: integer('autopopulate_timer'),
    autopopulateData: jsonb('autopopulate_data').$type<TAutopopulateTarget[]>(),
    overalConfidence: integer('overal_confidence').notNull().default(60),
    /** the author's last Try Test, for get-missed-correct-keywords */
    lastTryOut: jsonb('last_try_out').$type<TScriptTryOut>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sim_scripts_level_idx').on(t.simLevelId, t.sortOrder),
    index('sim_scripts_sim_idx').on(t.simId),
    index('sim_scripts_character_idx').on(t.simCharacterId),
    check(
      'sim_scripts_audio_source_chk',
      sql`${t.audioSource} is null or ${t.audioSource} in ('generated', 'recorded')`,
    ),
  ],
);

/** The pass/fail criteria of a sim: at most one, carried by one level. */
export const simPassFail = pgTable(
  'sim_pass_fail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simId: uuid('sim_id')
      .notNull()
      .unique('sim_pass_fail_sim_uq')
      .references(() => sims.id, { onDelete: 'cascade' }),
    simLevelId: uuid('sim_level_id')
      .notNull()
      .references(() => simLevels.id, { onDelete: 'cascade' }),
    thresholdKeywordAccuracy: doublePrecision('threshold_keyword_accuracy'),
    thresholdTypingAccuracy: doublePrecision('threshold_typing_accuracy'),
    thresholdDataSelectionAccuracy: doublePrecision('threshold_data_selection_accuracy'),
    thresholdOverallAccuracy: doublePrecision('threshold_overall_accuracy'),
    disableThresholdKeywordAccuracy: flag('disable_threshold_keyword_accuracy'),
    disableThresholdTypingAccuracy: flag('disable_threshold_typing_accuracy'),
    disableThresholdDataSelectionAccuracy: flag('disable_threshold_data_selection_accuracy'),
    disableThresholdOverallAccuracy: flag('disable_threshold_overall_accuracy'),
    allowSkipLevels: flag('allow_skip_levels'),
    status: text('status').notNull().default('set'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sim_pass_fail_level_idx').on(t.simLevelId)],
);
