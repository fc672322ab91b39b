import {
  ASSIGNMENT_STATUSES,
  type AssignmentSortKey,
  type AssignmentStatus,
  DONE_STATUSES,
  type TAssignment,
} from '@sim/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { assignments, groups, simLevels, sims, tools, users } from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';
import type { AssignmentScope } from '../../policies/assignment';

/**
 * The dashboard's reads: a tab's page (search, sort, paging, total in the same statement), its rows for the
 * export, and every count. One FROM and one scope for all of them, so a count always agrees with its tab:
 * - the company's rows only (`assignments.company_id`, and the joined sim and learner of the same company);
 * - rows of a trashed sim, or of a deleted learner, are left out everywhere;
 * - the tab's scope (policies/assignment.ts): the caller's own rows only, and/or some statuses.
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

/** Search in the sim's title, the learner's name, the instruction and the tool's name. */
function searchWhere(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(
    sql`${sims.title} ilike ${pattern}`,
    sql`${fullName(learner)} ilike ${pattern}`,
    sql`${assignments.notes} ilike ${pattern}`,
    sql`coalesce(${tools.name}, '') ilike ${pattern}`,
  );
}

function where(f: ListFilter): SQL | undefined {
  return and(
    eq(assignments.companyId, f.companyId),
    scopeWhere(f),
    f.status ? eq(assignments.status, f.status) : undefined,
    searchWhere(f.textSearch),
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

/** Rows without a value (no group, not started…) come last in either direction; the id breaks ties. */
function orderOf(s: ListSort): SQL[] {
  return [
    sql`${SORT[s.orderBy]} ${sql.raw(s.order === 'asc' ? 'asc' : 'desc')} nulls last`,
    sql`${assignments.id} asc`,
  ];
}

function selectRows(db: DbOrTx, userId: string, withTotal: boolean) {
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
      total: withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
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

/** The number of rows matching the filter (the total of a page past the last row). */
async function countRows(db: DbOrTx, f: ListFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(assignments)
    .innerJoin(sims, simOfRow)
    .innerJoin(learner, learnerOfRow)
    .leftJoin(tools, sql`${tools.id} = ${toolOfRow}`)
    .where(where(f));
  return row.total;
}

/**
 * A page of a tab and the tab's total, in one statement (`count(*) over ()`). A page past the last row has
 * no row to carry the total; only then is it counted on its own.
 */
export async function listAssignments(
  db: DbOrTx,
  f: ListFilter,
  page: ListSort & { skip: number; limit: number },
): Promise<{ assignments: TAssignment[]; total: number }> {
  const rows = await selectRows(db, f.userId, true)
    .where(where(f))
    .orderBy(...orderOf(page))
    .limit(page.limit)
    .offset(page.skip);
  const total = rows.length ? rows[0].total : page.skip > 0 ? await countRows(db, f) : 0;
  return { assignments: rows.map(toAssignment), total };
}

/** Every row of a tab (for the export), up to `limit`. */
export async function assignmentRows(db: DbOrTx, f: ListFilter, sort: ListSort, limit: number) {
  const rows = await selectRows(db, f.userId, false)
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
const filtered = (cond: SQL | undefined) => sql<number>`(count(*) filter (where ${cond ?? sql`true`}))::int`;
const orZero = (scope: AssignmentScope | null, cond: (scope: AssignmentScope) => SQL | undefined) =>
  scope ? filtered(cond(scope)) : sql<number>`0`;

/**
 * Every count of the dashboard in one statement over the company's visible rows (see the file's comment):
 * - allAssignmentCount / myAssignmentCount / completedAssignmentCount / readyForReviewCount: the totals of
 *   the All, My, Completed and Pending Review tabs, with the same scopes as their lists (0 for a closed tab);
 * - pendingForReview: the caller's own assignments waiting for a review (PENDING REVIEW);
 * - completedAssignCount: the caller's own done assignments (COMPLETED, PENDING REVIEW, PASS, NO PASS), for
 *   the profile card's completed / (my + completed);
 * - unopenedCompletedAssignments: the caller's own done assignments they have not opened since they were
 *   done (completed_seen false): the Completed tab's blinking badge (the client caps it at 999);
 * - unopenedPendingAssignments: rows of the caller's Pending Review tab no reviewer has taken yet
 *   (reviewer_id null); 0 without review_assignments view.
 */
export async function countAssignments(db: DbOrTx, companyId: string, userId: string, scopes: CountScopes) {
  const own = eq(assignments.assignedToId, userId);
  const [row] = await db
    .select({
      allAssignmentCount: orZero(scopes.all, (s) => scopeWhere({ userId, scope: s })),
      myAssignmentCount: orZero(scopes.my, (s) => scopeWhere({ userId, scope: s })),
      completedAssignmentCount: orZero(scopes.completed, (s) => scopeWhere({ userId, scope: s })),
      readyForReviewCount: orZero(scopes.review, (s) => scopeWhere({ userId, scope: s })),
      pendingForReview: filtered(and(own, eq(assignments.status, 'PENDING REVIEW'))),
      completedAssignCount: filtered(and(own, inArray(assignments.status, DONE))),
      unopenedCompletedAssignments: filtered(
        and(own, inArray(assignments.status, DONE), eq(assignments.completedSeen, false)),
      ),
      unopenedPendingAssignments: orZero(scopes.review, (s) =>
        and(scopeWhere({ userId, scope: s }), isNull(assignments.reviewerId)),
      ),
    })
    .from(assignments)
    .innerJoin(sims, simOfRow)
    .innerJoin(learner, learnerOfRow)
    .where(eq(assignments.companyId, companyId));
  return row;
}
