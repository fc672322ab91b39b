import type { TAttemptInput, TGradedTest, TKeywordOverride, TPhraseEvidence, TTranscriptWord } from '@sim/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  type ExtraConfigColumn,
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
import { groups } from './groups';
import { simLevels, simScripts, sims } from './sims';
import { tools } from './tools';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * A sim given to one learner (learner-and-review.md section 3, DECISIONS.md section 6). A group
 * assignment makes one row per member, each with the group's id. Status: NOT STARTED → IN PROGRESS →
 * COMPLETED → PENDING REVIEW → PASS | NO PASS (a NO PASS learner starting again → IN PROGRESS).
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    assignedToId: uuid('assigned_to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** the group this row was made for (group assignment), kept for the GROUP column */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** the instruction (assignment_notes) */
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('NOT STARTED'),
    /** the reviewer's message to the learner */
    reviewComments: text('review_comments').notNull().default(''),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    startDate: at('start_date'),
    completedOn: at('completed_on'),
    sendForReviewDate: at('send_for_review_date'),
    dateOfReview: at('date_of_review'),
    /** false until the learner opens a COMPLETED (or reviewed) assignment: the blinking badge */
    completedSeen: flag('completed_seen'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_company_idx').on(t.companyId, t.createdAt),
    index('assignments_user_idx').on(t.assignedToId, t.status),
    index('assignments_sim_idx').on(t.simId),
    check(
      'assignments_status_chk',
      sql`${t.status} in ('NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS')`,
    ),
  ],
);

/** Every review decision of an assignment: the track record. */
export const assignmentReviews = pgTable(
  'assignment_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    passOrFail: text('pass_or_fail').notNull(),
    reviewComments: text('review_comments').notNull().default(''),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewDate: createdAt(),
  },
  (t) => [
    index('assignment_reviews_assignment_idx').on(t.assignmentId, t.reviewDate),
    check('assignment_reviews_pass_chk', sql`${t.passOrFail} in ('PASS', 'NO PASS')`),
  ],
);

/**
 * One take of a level by a learner (the spec's "user response"). status: started until All Done
 * (completed) or Restart/Exit (exited). The figures are null where they do not apply (N/A).
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    simLevelId: uuid('sim_level_id')
      .notNull()
      .references(() => simLevels.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('started'),
    activeIndex: integer('active_index').notNull().default(0),
    /** restarted without the coach's lines */
    withoutCoach: flag('without_coach'),
    totalSeconds: integer('total_seconds').notNull().default(0),
    wrapSeconds: integer('wrap_seconds').notNull().default(0),
    exitOrRestart: flag('exit_or_restart'),
    keywordAccuracy: doublePrecision('keyword_accuracy'),
    typingAccuracy: doublePrecision('typing_accuracy'),
    dataSelectionAccuracy: doublePrecision('data_selection_accuracy'),
    overallPercentage: doublePrecision('overall_percentage'),
    correctEntries: integer('correct_entries').notNull().default(0),
    totalEntries: integer('total_entries').notNull().default(0),
    correctSelections: integer('correct_selections').notNull().default(0),
    totalSelections: integer('total_selections').notNull().default(0),
    /** the case-panel values saved by save-take-sim-input-details */
    inputs: jsonb('inputs').$type<TAttemptInput[]>().notNull().default([]),
    assessorNotes: text('assessor_notes'),
    /** the result is flagged for the external voice-recording service (besides its level's flag) */
    sendToSnowfly: flag('send_to_snowfly'),
    /** the external voice-recording service's id of the merged audio, once it answered */
    snowflyId: text('snowfly_id'),
    /** the hand-off: null (never asked), queued, sent or failed (with the reason) */
    snowflyStatus: text('snowfly_status'),
    snowflyError: text('snowfly_error'),
    startedAt: createdAt(),
    completedAt: at('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('attempts_assignment_idx').on(t.assignmentId, t.simLevelId, t.startedAt),
    index('attempts_user_level_idx').on(t.userId, t.simLevelId, t.startedAt),
    index('attempts_company_idx').on(t.companyId, t.completedAt),
    // the score tab (modules/scores): completed attempts by company and date (the default sort, date ranges),
    // by member, sim and level (the final / highest-level probes, member filters), by sim and level
    index('attempts_done_company_idx').on(t.companyId, t.completedAt, t.id).where(sql`${t.status} = 'completed'`),
    index('attempts_done_user_idx')
      .on(t.userId, t.simId, t.simLevelId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('attempts_done_sim_idx').on(t.simId, t.simLevelId, t.completedAt).where(sql`${t.status} = 'completed'`),
    // the score table sorted by a figure over a whole company: walked in order, each row probed; a figure
    // that may be empty sorts empty last both ways (one index a direction), the others read either way
    ...doneSortIndexes('keyword', t.companyId, t.keywordAccuracy, t.id, t.status),
    ...doneSortIndexes('typing', t.companyId, t.typingAccuracy, t.id, t.status),
    ...doneSortIndexes('data', t.companyId, t.dataSelectionAccuracy, t.id, t.status),
    ...doneSortIndexes('overall', t.companyId, t.overallPercentage, t.id, t.status),
    index('attempts_done_total_idx').on(t.companyId, t.totalSeconds, t.id).where(sql`${t.status} = 'completed'`),
    index('attempts_done_wrap_idx').on(t.companyId, t.wrapSeconds, t.id).where(sql`${t.status} = 'completed'`),
    index('attempts_done_started_idx').on(t.companyId, t.startedAt, t.id).where(sql`${t.status} = 'completed'`),
    check('attempts_mode_chk', sql`${t.mode} in ('practice', 'autoplay')`),
    check('attempts_status_chk', sql`${t.status} in ('started', 'completed', 'exited')`),
    check('attempts_snowfly_status_chk', sql`${t.snowflyStatus} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * The learner's take of one agent line in an attempt (the spec's "user script"): the recording (MP3),
 * the live and final transcripts and the grade. status Pending until the recording is graded
 * (Completed), or Failed when it could not be decoded. Retry clears it back to Pending.
 */
export const attemptLines = pgTable(
  'attempt_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    simScriptId: uuid('sim_script_id')
      .notNull()
      .references(() => simScripts.id, { onDelete: 'cascade' }),
    audioKey: text('audio_key'),
    liveTranscript: text('live_transcript').notNull().default(''),
    transcription: text('transcription').notNull().default(''),
    /** the final transcript's words with their times in the recording (seconds) and confidence */
    words: jsonb('words').$type<TTranscriptWord[]>().notNull().default([]),
    /** which decode graded the line: 'stream' (the live stream's end-of-line pass) or 'upload' */
    gradedFrom: text('graded_from'),
    correctKeywords: jsonb('correct_keywords').$type<string[]>().notNull().default([]),
    missedKeywords: jsonb('missed_keywords').$type<string[]>().notNull().default([]),
    testsMatched: jsonb('tests_matched').$type<TGradedTest[]>().notNull().default([]),
    missedTests: jsonb('missed_tests').$type<TGradedTest[]>().notNull().default([]),
    /** what the recognisers heard of the line's keyword phrases, where and how sure (issue 30; [] before it) */
    phraseEvidence: jsonb('phrase_evidence').$type<TPhraseEvidence[]>().notNull().default([]),
    /** a reviewer's decisions on the line's keyword entries, oldest first, one per entry (issue 30) */
    keywordOverrides: jsonb('keyword_overrides').$type<TKeywordOverride[]>().notNull().default([]),
    gradeScore: doublePrecision('grade_score').notNull().default(0),
    passed: flag('passed'),
    status: text('status').notNull().default('Pending'),
    recordedAt: at('recorded_at'),
    gradedAt: at('graded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('attempt_lines_attempt_script_uq').on(t.attemptId, t.simScriptId),
    index('attempt_lines_script_idx').on(t.simScriptId),
    check('attempt_lines_status_chk', sql`${t.status} in ('Pending', 'Completed', 'Failed')`),
    check('attempt_lines_graded_from_chk', sql`${t.gradedFrom} in ('stream', 'upload')`),
  ],
);

/** A learner's own class note (the notepad), optionally about a sim. */
export const classNotes = pgTable(
  'class_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    simId: uuid('sim_id').references(() => sims.id, { onDelete: 'set null' }),
    notes: text('notes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('class_notes_user_idx').on(t.userId, t.updatedAt)],
);

/** The two indexes of a figure of completed attempts that may be empty: ascending and descending, empty last. */
function doneSortIndexes(
  name: string,
  companyId: ExtraConfigColumn,
  figure: ExtraConfigColumn,
  id: ExtraConfigColumn,
  status: ExtraConfigColumn,
) {
  const done = sql`${status} = 'completed'`;
  return [
    index(`attempts_done_${name}_desc_idx`).on(companyId, figure.desc().nullsLast(), id.desc()).where(done),
    index(`attempts_done_${name}_asc_idx`).on(companyId, figure.asc().nullsLast(), id.asc()).where(done),
  ];
}
