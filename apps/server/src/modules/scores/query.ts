import { ASSIGNMENT_STATUSES, type AssignmentStatus, type ScoreSortKey } from '@sim/shared';
import { and, eq, gte, isNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  assignmentReviews,
  assignments,
  attempts,
  auditLog,
  simLevels,
  sims,
  tools,
  users,
} from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';

/**
 * The SQL of the score rows, shared by the page, its count, the export and the chart. A row is a completed
 * attempt of the company whose sim is not trashed and whose learner is not deleted (as the dashboard leaves
 * them out), with its assignment, level and product. Which attempts (DECISIONS.md §6):
 * - final: the latest completed attempt per member and level, as of the end of the date range;
 * - highest: per member and sim, the latest completed attempt on the highest level (by order) completed,
 *   as of the end of the date range;
 * - all: every completed attempt.
 * Both choices are an anti-join ("no later / higher attempt exists") probed through a partial index on the
 * member's completed attempts (attempts_done_user_idx), so a page stops after its rows instead of ranking
 * the whole table. The filter's names and groups are resolved to ids first (resolve.ts), so every
 * condition is on the attempt's own columns (user, sim, level, completed date) and the count reads
 * attempts alone (with their level for the highest level: the statement joins sim_levels).
 */

export type ScoreMode = 'final' | 'highest' | 'all';

/** The filter resolved to ids of the company (resolve.ts). */
export interface ResolvedFilter {
  /** the sims whose attempts may show (not trashed, of the product, among the chosen ones); null: any sim */
  sims: string[] | null;
  /** the company's trashed sims (their attempts never show) */
  trashed: string[];
  /** chosen sims narrowed to some of their levels */
  levels: { simId: string; levels: string[] }[];
  /** the members whose attempts may show (groups, members, assigned / un_assigned); null: any member */
  users: string[] | null;
  /** the company's deleted users (their attempts never show) */
  deleted: string[];
  /** the text search's matches (levels with the sims they are of); null: no search */
  search: { users: string[]; sims: string[]; levels: string[]; levelSims: string[] } | null;
}

export interface ScoreScope {
  companyId: string;
  mode: ScoreMode;
  ids: ResolvedFilter;
  status?: AssignmentStatus;
  /** the date range's instants (from scoreDayBounds) */
  from: Date | null;
  to: Date | null;
  /** minutes east of UTC (the chart's days) */
  utcOffset: number;
}

export const learner = alias(users, 'learner');
export const reviewer = alias(users, 'reviewer');
const later = alias(attempts, 'later');
const laterLevel = alias(simLevels, 'later_level');

export const COMPLETED = sql`${attempts.status} = 'completed'`;

/** ISO 8601 (UTC, milliseconds) of a timestamp column, as the API answers dates. */
export const iso = (col: SQL | typeof attempts.completedAt) =>
  sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The joins of a row's columns (see the file's comment). */
export const ROW_JOINS = {
  assignment: and(eq(assignments.id, attempts.assignmentId), eq(assignments.companyId, attempts.companyId)),
  sim: and(eq(sims.id, attempts.simId), eq(sims.companyId, attempts.companyId), isNull(sims.deletedAt)),
  level: eq(simLevels.id, attempts.simLevelId),
  learner: and(eq(learner.id, attempts.userId), eq(learner.companyId, attempts.companyId), isNull(learner.deletedAt)),
};

function modeWhere(s: ScoreScope): SQL | undefined {
  const until = s.to ? sql` and ${later.completedAt} < ${s.to}` : sql``;
  if (s.mode === 'final')
    return sql`not exists (select 1 from ${attempts} as "later" where ${later.userId} = ${attempts.userId}
      and ${later.simId} = ${attempts.simId} and ${later.simLevelId} = ${attempts.simLevelId}
      and ${later.status} = 'completed'${until}
      and (${later.completedAt}, ${later.id}) > (${attempts.completedAt}, ${attempts.id}))`;
  if (s.mode === 'highest')
    return sql`not exists (select 1 from ${attempts} as "later" join ${simLevels} as "later_level"
      on ${laterLevel.id} = ${later.simLevelId}
      where ${later.userId} = ${attempts.userId} and ${later.simId} = ${attempts.simId}
      and ${later.status} = 'completed'${until}
      and (${laterLevel.sortOrder}, ${later.completedAt}, ${later.id})
        > (${simLevels.sortOrder}, ${attempts.completedAt}, ${attempts.id}))`;
  return undefined;
}

const anyOf = (col: SQLWrapper, ids: readonly string[]) => sql`${col} = any(${uuids(ids)})`;
/** A uuid[] parameter (one parameter however many ids). */
export const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * What the search matched, only the kinds that matched something (so an index serves each part); a level
 * with its sim, as the (sim, level) index reads it. Nothing matched: no row.
 */
function searchWhere(search: NonNullable<ResolvedFilter['search']>): SQL {
  const parts = [
    search.users.length ? anyOf(attempts.userId, search.users) : undefined,
    search.sims.length ? anyOf(attempts.simId, search.sims) : undefined,
    search.levels.length
      ? and(anyOf(attempts.simId, search.levelSims), anyOf(attempts.simLevelId, search.levels))
      : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

function filterWhere(s: ScoreScope): SQL | undefined {
  const { ids } = s;
  return and(
    ids.sims ? anyOf(attempts.simId, ids.sims) : undefined,
    ids.trashed.length ? sql`not ${anyOf(attempts.simId, ids.trashed)}` : undefined,
    ...ids.levels.map((x) => sql`(${attempts.simId} <> ${x.simId} or ${anyOf(attempts.simLevelId, x.levels)})`),
    ids.users ? anyOf(attempts.userId, ids.users) : undefined,
    ids.deleted.length ? sql`not ${anyOf(attempts.userId, ids.deleted)}` : undefined,
    ids.search ? searchWhere(ids.search) : undefined,
    s.from ? gte(attempts.completedAt, s.from) : undefined,
    s.to ? lt(attempts.completedAt, s.to) : undefined,
    s.status
      ? sql`exists (select 1 from ${assignments} where ${assignments.id} = ${attempts.assignmentId}
          and ${assignments.status} = ${s.status})`
      : undefined,
  );
}

/** The rows of the scope, on the attempt's own columns (no join needed). */
export function scoreWhere(s: ScoreScope): SQL | undefined {
  return and(eq(attempts.companyId, s.companyId), COMPLETED, modeWhere(s), filterWhere(s));
}

const reviewerName = sql`case when ${reviewer.id} is null then null else ${fullName(reviewer)} end`;

/**
 * The review that applies to a row's attempt (issue 31): the assignment's first decision made after the
 * attempt was completed, so a decision covers the attempts completed after the decision before it. One
 * probe of assignment_reviews_assignment_idx per column; null when no decision followed the attempt.
 */
const appliedReview = (column: 'passOrFail' | 'reviewDate' | 'reviewedById') =>
  sql`(select ${assignmentReviews[column]} from ${assignmentReviews}
    where ${assignmentReviews.assignmentId} = ${attempts.assignmentId}
    and ${assignmentReviews.reviewDate} > ${attempts.completedAt}
    order by ${assignmentReviews.reviewDate}, ${assignmentReviews.id} limit 1)`;
/** The applied decision (PASS / NO PASS), null when none. */
export const appliedDecision = appliedReview('passOrFail');
const appliedDate = appliedReview('reviewDate');
/** Who made the applied decision (the reviewer join of the rows). */
export const appliedReviewerId = appliedReview('reviewedById');
/**
 * The row's status: the decision that applies to its attempt, else the assignment's status (whose own
 * decision, if any, came before this attempt and so does not show as its review).
 */
const rowStatus = sql`coalesce(${appliedDecision}, ${assignments.status})`;
/**
 * When the attempt was sent for review: the first send of the assignment after the attempt was completed
 * and not after its decision. The assignment keeps only its latest send (exact) and the audit trail every
 * send (stamped at its transaction's start, a few ms earlier); a send before the latest one comes from the
 * trail, read through audit_log_company_idx from the attempt's completion on.
 */
const inSpan = (at: SQL) =>
  sql`${at} >= ${attempts.completedAt} and (${appliedDate} is null or ${at} <= ${appliedDate})`;
const rowSentForReview = sql`coalesce(
  case when ${inSpan(sql`${assignments.sendForReviewDate}`)} then ${assignments.sendForReviewDate} end,
  (select min(${auditLog.createdAt}) from ${auditLog} where ${auditLog.companyId} = ${attempts.companyId}
    and ${auditLog.action} = 'assignment.send_for_review' and ${auditLog.targetId} = ${attempts.assignmentId}::text
    and ${inSpan(sql`${auditLog.createdAt}`)}))`;

/** Row statuses sort in their life-cycle order (NOT STARTED … NO PASS), as on the dashboard. */
const statusOrder = sql`case ${rowStatus} ${sql.join(
  ASSIGNMENT_STATUSES.map((st, i) => sql`when ${st} then ${sql.raw(String(i))}`),
  sql` `,
)} end`;

const SORT: Record<ScoreSortKey, SQL> = {
  sim: sql`lower(${sims.title})`,
  level: sql`${simLevels.sortOrder}`,
  member: sql`lower(${fullName(learner)})`,
  keywordAccuracy: sql`${attempts.keywordAccuracy}`,
  data_selection: sql`${attempts.dataSelectionAccuracy}`,
  typing_accuracy: sql`${attempts.typingAccuracy}`,
  overall_percentage: sql`${attempts.overallPercentage}`,
  total_seconds: sql`${attempts.totalSeconds}`,
  wrapSeconds: sql`${attempts.wrapSeconds}`,
  start_date: sql`${attempts.startedAt}`,
  completed_date: sql`${attempts.completedAt}`,
  sent_for_review_date: rowSentForReview,
  review_status: statusOrder,
  reviewed_date: appliedDate,
  reviewed_by: sql`lower(${reviewerName})`,
  assessor_notes: sql`lower(${attempts.assessorNotes})`,
};
/** Columns that are never null: sorted without NULLS LAST, so an index on them serves the order. */
const NEVER_NULL: readonly ScoreSortKey[] = [
  'completed_date',
  'start_date',
  'total_seconds',
  'wrapSeconds',
  'member',
  'sim',
  'level',
];

/** The sort of the table: rows without a value last in either direction; the attempt's id breaks ties. */
export function scoreOrder(key: ScoreSortKey, dir: 'asc' | 'desc'): SQL[] {
  const d = sql.raw(dir);
  const nulls = NEVER_NULL.includes(key) ? sql`` : sql` nulls last`;
  return [sql`${SORT[key]} ${d}${nulls}`, sql`${attempts.id} ${d}`];
}

/** The selection of a score row; every column named, so cursor rows read the same as a page's. */
export const SCORE_FIELDS = {
  response_id: sql<string>`${attempts.id}`.as('response_id'),
  sim: sql<string>`${sims.title}`.as('sim'),
  level: sql<string>`${simLevels.name}`.as('level'),
  member: sql<string>`${fullName(learner)}`.as('member'),
  keywordAccuracy: sql<number | null>`${attempts.keywordAccuracy}`.as('keywordAccuracy'),
  correct_selections: sql<number>`${attempts.correctSelections}`.as('correct_selections'),
  total_selections: sql<number>`${attempts.totalSelections}`.as('total_selections'),
  correct_entries: sql<number>`${attempts.correctEntries}`.as('correct_entries'),
  total_entries: sql<number>`${attempts.totalEntries}`.as('total_entries'),
  overall_percentage: sql<number | null>`${attempts.overallPercentage}`.as('overall_percentage'),
  typing_accuracy: sql<number | null>`${attempts.typingAccuracy}`.as('typing_accuracy'),
  data_selection_accuracy: sql<number | null>`${attempts.dataSelectionAccuracy}`.as('data_selection_accuracy'),
  total_seconds: sql<number>`${attempts.totalSeconds}`.as('total_seconds'),
  wrapSeconds: sql<number>`${attempts.wrapSeconds}`.as('wrapSeconds'),
  start_date: iso(sql`${attempts.startedAt}`).as('start_date'),
  createdAt: iso(sql`${assignments.createdAt}`).as('createdAt'),
  completed_date: iso(sql`${attempts.completedAt}`).as('completed_date'),
  exit_or_restart: sql<boolean>`${attempts.exitOrRestart}`.as('exit_or_restart'),
  sent_for_review_date: iso(rowSentForReview).as('sent_for_review_date'),
  status: sql<string>`${rowStatus}`.as('status'),
  /** a decision applies to the attempt (see appliedReview) */
  review_applied: sql<boolean>`(${appliedDecision} is not null)`.as('review_applied'),
  reviewed_date: iso(appliedDate).as('reviewed_date'),
  reviewed_by: sql<string | null>`${reviewerName}`.as('reviewed_by'),
  assessor_notes: sql<string | null>`${attempts.assessorNotes}`.as('assessor_notes'),
  screen_recording: sql<boolean>`${simLevels.screenRecording}`.as('screen_recording'),
  assignment_id: sql<string>`${attempts.assignmentId}`.as('assignment_id'),
  user_id: sql<string>`${attempts.userId}`.as('user_id'),
  sim_id: sql<string>`${attempts.simId}`.as('sim_id'),
  level_id: sql<string>`${attempts.simLevelId}`.as('level_id'),
  level_order: sql<number>`${simLevels.sortOrder}`.as('level_order'),
  tool_type: sql<string>`coalesce(${tools.name}, '')`.as('tool_type'),
  product_type: sql<string>`coalesce(${tools.type}, '')`.as('product_type'),
};
