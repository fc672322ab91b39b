import {
  ASSIGNMENT_COUNT_CAP,
  ASSIGNMENT_STATUSES,
  type AssignmentSortKey,
  type AssignmentStatus,
  DONE_STATUSES,
  type TAssignment,
} from '@sim/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { assignments, groups, simLevels, sims, tools, users } from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';
import type { AssignmentScope } from '../../policies/assignment';

/**
 * The dashboard's reads: a tab's page (search, sort, paging, a capped total in the same statement), its rows
 * for the export, and every count. One scope for all of them, so a count always agrees with its tab:
 * - the company's rows only (`assignments.company_id`, and the joined sim and learner of the same company);
 * - rows of a trashed sim, or of a deleted learner, are left out everywhere;
 * - the tab's scope (policies/assignment.ts): the caller's own rows only, and/or some statuses.
 * Every condition is written on the assignment's own columns (`visibleWhere`, the search through the ids it
 * matches, run once as hashed subplans), so a page reads its ids from the `(company_id, created_at)` index and
 * stops after them, its columns are joined for those rows only, and a count never joins.
 */

const learner = alias(users, 'learner');
const assigner = alias(users, 'assigner');
const reviewer = alias(users, 'reviewer');
/** the assignment's tool; the sim's product when the tool row is gone (tool_id set null) */
const toolOfRow = sql`coalesce(${assignments.toolId}, ${sims.productId})`;

/** the row's sim: of the same company, not trashed */
const simOfRow = and(eq(sims.id, assignments.simId), eq(sims.companyId, assignments.companyId), isNull(sims.deletedAt));
/** the row's learner: of the same company, not deleted */
const learnerOfRow = and(
  eq(learner.id, assignments.assignedToId),
  eq(learner.companyId, assignments.companyId),
  isNull(learner.deletedAt),
);

export interface ListFilter {
  companyId: string;
  userId: string;
  scope: AssignmentScope;
  textSearch?: string;
  /** narrows the statuses further (the export's `status`) */
  status?: AssignmentStatus;
}

function scopeWhere(f: Pick<ListFilter, 'userId' | 'scope'>): SQL | undefined {
  return and(
    f.scope.ownOnly ? eq(assignments.assignedToId, f.userId) : undefined,
    f.scope.statuses ? inArray(assignments.status, [...f.scope.statuses]) : undefined,
  );
}

/** Not a row of a trashed sim or of a deleted learner (the company's few: each list read once, hashed). */
function visibleWhere(companyId: string): SQL {
  return sql`${assignments.companyId} = ${companyId}
    and ${assignments.simId} not in (select s.id from ${sims} s where s.company_id = ${companyId} and s.deleted_at is not null)
    and ${assignments.assignedToId} not in (select u.id from ${users} u where u.company_id = ${companyId} and u.deleted_at is not null)`;
}

/**
 * Search in the sim's title, the learner's name, the instruction and the tool's name (the assignment's tool,
 * else its sim's product), through the ids of the company's sims, learners and tools that match.
 */
function searchWhere(companyId: string, text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const pattern = likePattern(q);
  const matchingTools = sql`(select t.id from ${tools} t where t.name ilike ${pattern})`;
  return sql`(${assignments.simId} in (select s.id from ${sims} s where s.company_id = ${companyId} and s.title ilike ${pattern})
    or ${assignments.assignedToId} in (select u.id from ${users} u where u.company_id = ${companyId}
      and trim(u.first_name || ' ' || u.last_name) ilike ${pattern})
    or ${assignments.notes} ilike ${pattern}
    or ${assignments.toolId} in ${matchingTools}
    or (${assignments.toolId} is null and ${assignments.simId} in (select s.id from ${sims} s
      where s.company_id = ${companyId} and s.product_id in ${matchingTools})))`;
}

function where(f: ListFilter): SQL | undefined {
  return and(
    visibleWhere(f.companyId),
    scopeWhere(f),
    f.status ? eq(assignments.status, f.status) : undefined,
    searchWhere(f.companyId, f.textSearch),
  );
}

/** Statuses sort in their life-cycle order (NOT STARTED … NO PASS), not alphabetically. */
const statusOrder = sql`case ${assignments.status} ${sql.join(
  ASSIGNMENT_STATUSES.map((s, i) => sql`when ${s} then ${sql.raw(String(i))}`),
  sql` `,
)} end`;

const SORT: Record<AssignmentSortKey, SQL> = {
  assigned_to: sql`lower(${fullName(learner)})`,
  group: sql`lower(${groups.name})`,
  tool_type: sql`lower(${tools.name})`,
  assignment: sql`lower(${sims.title})`,
  assigned_on: sql`${assignments.createdAt}`,
  assigned_by: sql`lower(${fullName(assigner)})`,
  notes: sql`lower(${assignments.notes})`,
  review_comments: sql`lower(${assignments.reviewComments})`,
  start_date: sql`${assignments.startDate}`,
  send_for_review_date: sql`${assignments.sendForReviewDate}`,
  date_of_review: sql`${assignments.dateOfReview}`,
  status: statusOrder,
  completed_on: sql`${assignments.completedOn}`,
};

export interface ListSort {
  orderBy: AssignmentSortKey;
  order: 'asc' | 'desc';
}

/** Never null: sorted without NULLS LAST, so the `(company_id, created_at)` index serves the default order. */
const NEVER_NULL: readonly AssignmentSortKey[] = ['assigned_on'];

/** Rows without a value (no group, not started…) come last in either direction; the id breaks ties. */
function orderOf(s: ListSort): SQL[] {
  const nulls = NEVER_NULL.includes(s.orderBy) ? sql`` : sql` nulls last`;
  return [sql`${SORT[s.orderBy]} ${sql.raw(s.order === 'asc' ? 'asc' : 'desc')}${nulls}`, sql`${assignments.id} asc`];
}

function selectRows(db: DbOrTx, userId: string, extra: { total?: SQL<number> } = {}) {
  return db
    .select({
      id: assignments.id,
      simId: assignments.simId,
      title: sims.title,
      simType: sims.simType,
      toolId: sql<string | null>`${toolOfRow}`,
      toolName: tools.name,
      toolType: tools.type,
      learnerId: assignments.assignedToId,
      learnerName: fullName(learner),
      learnerPic: learner.profilePicUrl,
      assignerName: sql<string | null>`case when ${assigner.id} is null then null else ${fullName(assigner)} end`,
      groupName: groups.name,
      notes: assignments.notes,
      status: assignments.status,
      reviewComments: assignments.reviewComments,
      reviewerName: sql<string | null>`case when ${reviewer.id} is null then null else ${fullName(reviewer)} end`,
      createdAt: assignments.createdAt,
      startDate: assignments.startDate,
      completedOn: assignments.completedOn,
      sendForReviewDate: assignments.sendForReviewDate,
      dateOfReview: assignments.dateOfReview,
      screenRecording: sql<boolean>`exists (select 1 from ${simLevels} sl
        where sl.sim_id = ${assignments.simId} and sl.screen_recording)`,
      isMine: sql<boolean>`${assignments.assignedToId} = ${userId}`,
      total: extra.total ?? sql<number>`0`,
    })
    .from(assignments)
    .innerJoin(sims, simOfRow)
    .innerJoin(learner, learnerOfRow)
    .leftJoin(assigner, eq(assigner.id, assignments.assignedById))
    .leftJoin(reviewer, eq(reviewer.id, assignments.reviewerId))
    .leftJoin(groups, eq(groups.id, assignments.groupId))
    .leftJoin(tools, sql`${tools.id} = ${toolOfRow}`);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAssignment(r: Row): TAssignment {
  return {
    _id: r.id,
    assignment_id: r.id,
    assignment: r.title,
    sim_id: r.simId,
    sim_type: r.simType === 'hiring' ? 'hiring' : 'training',
    tool_type: r.toolName ?? '',
    tool_id: r.toolId,
    product_type: r.toolType ?? '',
    assigned_to: r.learnerName,
    assigned_to_id: r.learnerId,
    assigned_profile_url: r.learnerPic,
    assigned_by: r.assignerName ?? '',
    assigned_on: r.createdAt.toISOString(),
    groups: r.groupName ? [r.groupName] : [],
    notes: r.notes,
    status: r.status as AssignmentStatus,
    review_comments: r.reviewComments,
    start_date: iso(r.startDate),
    completed_on: iso(r.completedOn),
    send_for_review_date: iso(r.sendForReviewDate),
    date_of_review: iso(r.dateOfReview),
    screen_recording: r.screenRecording,
    reviewer: r.reviewerName,
    is_mine: r.isMine,
  };
}

/**
 * The ids of a page: the assignment's own columns (where() needs no join), joined only to what the sort
 * reads. The default sort (assigned on) comes from the `(company_id, created_at)` index and stops after
 * the page; a sort on another column reads the tab's rows once (top-N sort).
 */
function pageIds(db: DbOrTx, f: ListFilter, page: ListSort & { skip: number; limit: number }) {
  const key = page.orderBy;
  let q = db.select({ id: assignments.id }).from(assignments).$dynamic();
  if (key === 'assignment' || key === 'tool_type') q = q.leftJoin(sims, eq(sims.id, assignments.simId));
  if (key === 'tool_type') q = q.leftJoin(tools, sql`${tools.id} = ${toolOfRow}`);
  if (key === 'assigned_to') q = q.leftJoin(learner, eq(learner.id, assignments.assignedToId));
  if (key === 'assigned_by') q = q.leftJoin(assigner, eq(assigner.id, assignments.assignedById));
  if (key === 'group') q = q.leftJoin(groups, eq(groups.id, assignments.groupId));
  return q
    .where(where(f))
    .orderBy(...orderOf(page))
    .limit(page.limit)
    .offset(page.skip);
}

/** The rows matching the filter, counted no further than `upTo` (a LIMIT inside the count). */
function countQuery(db: DbOrTx, f: ListFilter, upTo: number) {
  const rows = db.select({ one: sql`1` }).from(assignments).where(where(f)).limit(upTo).as('counted');
  return db.select({ n: sql<number>`count(*)::int` }).from(rows);
}

/**
 * A page of a tab and the tab's total counted no further than `upTo`, in one statement: the page's ids
 * (pageIds), then their columns, beside the capped count. A page past the last row has no row to carry
 * the count: only then is it counted on its own.
 */
export async function listAssignments(
  db: DbOrTx,
  f: ListFilter,
  page: ListSort & { skip: number; limit: number },
  upTo: number,
): Promise<{ assignments: TAssignment[]; counted: number }> {
  const total = sql<number>`(${countQuery(db, f, upTo)})`;
  const rows = await selectRows(db, f.userId, { total })
    .where(inArray(assignments.id, pageIds(db, f, page)))
    .orderBy(...orderOf(page));
  if (rows.length) return { assignments: rows.map(toAssignment), counted: Number(rows[0].total) };
  if (page.skip === 0) return { assignments: [], counted: 0 };
  const [row] = await countQuery(db, f, upTo);
  return { assignments: [], counted: row.n };
}

/** Every row of a tab (for the export), up to `limit`. */
export async function assignmentRows(db: DbOrTx, f: ListFilter, sort: ListSort, limit: number) {
  const rows = await selectRows(db, f.userId)
    .where(where(f))
    .orderBy(...orderOf(sort))
    .limit(limit);
  return rows.map(toAssignment);
}

/** The scopes of the counts; null = a tab closed to the caller (counted 0). */
export interface CountScopes {
  all: AssignmentScope | null;
  my: AssignmentScope | null;
  completed: AssignmentScope | null;
  review: AssignmentScope | null;
}

const DONE = [...DONE_STATUSES];

/**
 * One count of the dashboard: a scalar subquery over the assignment's own columns (visibleWhere), so each
 * count reads its index (company and date, company and status, or the learner's own rows) on its own. A
 * count over the company's rows stops at ASSIGNMENT_COUNT_CAP (the tab then shows "1000+"); a count of
 * the caller's own rows is exact (the profile card's ratio needs it, and it reads their rows only).
 */
function counted(db: DbOrTx, companyId: string, cond: SQL | undefined, capped: boolean) {
  const base = db
    .select({ one: sql`1` })
    .from(assignments)
    .where(and(visibleWhere(companyId), cond));
  const rows = (capped ? base.limit(ASSIGNMENT_COUNT_CAP) : base).as('counted');
  return sql<number>`(${db.select({ n: sql<number>`count(*)::int` }).from(rows)})`;
}

/**
 * Every count of the dashboard in one statement over the company's visible rows (see the file's comment):
 * - allAssignmentCount / myAssignmentCount / completedAssignmentCount / readyForReviewCount: the totals of
 *   the All, My, Completed and Pending Review tabs, with the same scopes as their lists (0 for a closed tab),
 *   at most ASSIGNMENT_COUNT_CAP unless the tab holds the caller's own rows only;
 * - pendingForReview: the caller's own assignments waiting for a review (PENDING REVIEW);
 * - completedAssignCount: the caller's own done assignments (COMPLETED, PENDING REVIEW, PASS, NO PASS), for
 *   the profile card's completed / (my + completed);
 * - unopenedCompletedAssignments: the caller's own done assignments they have not opened since they were
 *   done (completed_seen false): the Completed tab's blinking badge (the client caps it at 999);
 * - unopenedPendingAssignments: rows of the caller's Pending Review tab no reviewer has taken yet
 *   (reviewer_id null); 0 without review_assignments view; capped as the tab's count.
 */
export async function countAssignments(db: DbOrTx, companyId: string, userId: string, scopes: CountScopes) {
  const own = eq(assignments.assignedToId, userId);
  const tab = (scope: AssignmentScope | null, extra?: SQL) =>
    scope ? counted(db, companyId, and(scopeWhere({ userId, scope }), extra), !scope.ownOnly) : sql<number>`0`;
  const mine = (cond: SQL | undefined) => counted(db, companyId, and(own, cond), false);
  const [row] = await db
    .select({
      allAssignmentCount: tab(scopes.all),
      myAssignmentCount: tab(scopes.my),
      completedAssignmentCount: tab(scopes.completed),
      readyForReviewCount: tab(scopes.review),
      pendingForReview: mine(eq(assignments.status, 'PENDING REVIEW')),
      completedAssignCount: mine(inArray(assignments.status, DONE)),
      unopenedCompletedAssignments: mine(and(inArray(assignments.status, DONE), eq(assignments.completedSeen, false))),
      unopenedPendingAssignments: tab(scopes.review, isNull(assignments.reviewerId)),
    })
    .from(sql`(select 1) as one_row`);
  return row;
}
