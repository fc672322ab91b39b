import type { AssignmentStatus, ScoreSortKey, TScoreFiltersResponse, TScoreRow } from '@sim/shared';
import { and, asc, eq, exists, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignments, attempts, groupMembers, groups, simLevels, sims, tools, users } from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';
import type { AppDeps } from '../../deps';
import { recordingLinks } from '../screen-recording/service';
import {
  appliedReviewerId,
  learner,
  ROW_JOINS,
  reviewer,
  SCORE_FIELDS,
  type ScoreScope,
  scoreOrder,
  scoreWhere,
} from './query';
import { qb, type ScoreRunner } from './read';

/**
 * The score rows' FROM (query.ts ROW_JOINS) with a selection of one's own. The joins are planned in the
 * order written (read.ts), so the table a sort reads comes first: sorted by member or sim, the page walks
 * the learners by name or the sims by title (migration 0010's indexes) and reads each one's attempts, instead
 * of reading and sorting every attempt of the filter.
 */
export function scoreFrom<S extends Record<string, SQLWrapper>>(fields: S, withPeople = true, sortBy?: ScoreSortKey) {
  const select = qb.select(fields as never);
  const first =
    sortBy === 'member'
      ? select.from(learner).innerJoin(attempts, ROW_JOINS.learner).innerJoin(sims, ROW_JOINS.sim)
      : sortBy === 'sim'
        ? select.from(sims).innerJoin(attempts, ROW_JOINS.sim).innerJoin(learner, ROW_JOINS.learner)
        : select.from(attempts).innerJoin(sims, ROW_JOINS.sim).innerJoin(learner, ROW_JOINS.learner);
  const base = first.innerJoin(assignments, ROW_JOINS.assignment).innerJoin(simLevels, ROW_JOINS.level);
  return withPeople
    ? base.leftJoin(reviewer, sql`${reviewer.id} = ${appliedReviewerId}`).leftJoin(tools, eq(tools.id, sims.productId))
    : base;
}

export type RawScoreRow = { [K in keyof typeof SCORE_FIELDS]: unknown };

/** A row as the API answers it (cursor rows come through the same function). */
export function toScoreRow(r: RawScoreRow): TScoreRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const status = r.status as AssignmentStatus;
  return {
    response_id: String(r.response_id),
    sim: String(r.sim),
    level: String(r.level),
    member: String(r.member),
    keywordAccuracy: num(r.keywordAccuracy),
    correct_selections: Number(r.correct_selections),
    total_selections: Number(r.total_selections),
    correct_entries: Number(r.correct_entries),
    total_entries: Number(r.total_entries),
    overall_percentage: num(r.overall_percentage),
    typing_accuracy: num(r.typing_accuracy),
    data_selection_accuracy: num(r.data_selection_accuracy),
    total_seconds: Number(r.total_seconds),
    wrapSeconds: Number(r.wrapSeconds),
    start_date: String(r.start_date),
    createdAt: String(r.createdAt),
    completed_date: (r.completed_date as string | null) ?? null,
    exit_or_restart: Boolean(r.exit_or_restart),
    sent_for_review_date: (r.sent_for_review_date as string | null) ?? null,
    status,
    review_status: Boolean(r.review_applied),
    reviewed_date: (r.reviewed_date as string | null) ?? null,
    reviewed_by: (r.reviewed_by as string | null) ?? null,
    assessor_notes: (r.assessor_notes as string | null) ?? null,
    screen_recording: Boolean(r.screen_recording),
    // filled for a page by withRecordingLinks (one query, only when a row's level records the screen)
    screen_recording_urls: [],
    assignment_id: String(r.assignment_id),
    user_id: String(r.user_id),
    sim_id: String(r.sim_id),
    level_id: String(r.level_id),
    level_order: Number(r.level_order),
    tool_type: String(r.tool_type),
    product_type: String(r.product_type),
  };
}

export interface ScorePage {
  sortBy: ScoreSortKey;
  sort: 'asc' | 'desc';
  skip: number;
  limit: number;
}

/** The statement of the rows in a sort (a page adds limit and offset; the export reads it by cursor). */
export function scoreRowsQuery(
  scope: ScoreScope,
  sort: Pick<ScorePage, 'sortBy' | 'sort'>,
  extra: Record<string, SQLWrapper> = {},
) {
  return scoreFrom({ ...SCORE_FIELDS, ...extra }, true, sort.sortBy)
    .where(scoreWhere(scope))
    .orderBy(...scoreOrder(sort.sortBy, sort.sort));
}

/**
 * The rows of the scope, counted no further than `upTo` (a LIMIT inside the count), so a page of a large
 * company never counts the whole table: the caller answers "upTo+" past it. Every condition is on the
 * attempt's own columns (query.ts), so the count reads attempts alone.
 */
function countQuery(scope: ScoreScope, upTo: number) {
  const rows = qb.select({ one: sql`1` }).from(attempts);
  const inner = (scope.mode === 'highest' ? rows.innerJoin(simLevels, ROW_JOINS.level) : rows)
    .where(scoreWhere(scope))
    .limit(upTo)
    .as('counted');
  return qb.select({ n: sql<number>`count(*)::int`.as('n') }).from(inner);
}

/**
 * A page and the scope's count (no further than `upTo`) in one statement: the count is an uncorrelated
 * subquery run once beside the page. A page past the last row has no row to carry it: counted on its own.
 */
export async function scorePage(
  run: ScoreRunner,
  scope: ScoreScope,
  page: ScorePage,
  upTo: number,
): Promise<{ rows: TScoreRow[]; counted: number }> {
  const total = sql<number>`(${countQuery(scope, upTo)})`.as('counted_total');
  const rows = await run.rows<RawScoreRow & { counted_total: number }>(
    scoreRowsQuery(scope, page, { counted_total: total }).limit(page.limit).offset(page.skip),
  );
  if (rows.length) return { rows: rows.map(toScoreRow), counted: Number(rows[0].counted_total) };
  if (page.skip === 0) return { rows: [], counted: 0 };
  const [row] = await run.rows<{ n: number }>(countQuery(scope, upTo));
  return { rows: [], counted: Number(row.n) };
}

/**
 * The screen-recording links of a page's rows: one query keyed by the page's response ids, and only when a
 * row of the page is of a level that records the screen (the page's own query is left as it is).
 */
export async function withRecordingLinks(deps: AppDeps, companyId: string, rows: TScoreRow[]): Promise<TScoreRow[]> {
  const ids = rows.filter((r) => r.screen_recording).map((r) => r.response_id);
  if (!ids.length) return rows;
  const links = await recordingLinks(deps, companyId, ids);
  return rows.map((r) => {
    const found = links.get(r.response_id);
    return found ? { ...r, screen_recording_urls: found.map(({ url, text }) => ({ url, text })) } : r;
  });
}

// ---- the filter panel's choices ----

export function productChoices(db: DbOrTx) {
  return db
    .select({ _id: tools.id, name: tools.name, type: tools.type })
    .from(tools)
    .orderBy(asc(tools.sortOrder), asc(tools.name));
}

export function groupChoices(db: DbOrTx, companyId: string) {
  return db
    .select({ _id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(sql`lower(${groups.name})`, asc(groups.id));
}

/** Members of the company (not deleted) with an assignment, by name, with the ids of their groups. */
export async function memberChoices(db: DbOrTx, companyId: string): Promise<TScoreFiltersResponse['members']> {
  const ofCompany = sql`(select ${groupMembers.groupId} from ${groupMembers} join ${groups}
    on ${groups.id} = ${groupMembers.groupId} and ${groups.companyId} = ${companyId}
    where ${groupMembers.userId} = ${users.id})`;
  const rows = await db
    .select({
      _id: users.id,
      name: fullName(users),
      groups: sql<string[]>`array(${ofCompany})`,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(assignments)
            .where(and(eq(assignments.assignedToId, users.id), eq(assignments.companyId, companyId))),
        ),
      ),
    )
    .orderBy(sql`lower(${fullName(users)})`, asc(users.id));
  return rows.map((r) => ({ ...r, groups: r.groups ?? [] }));
}

/** The company's sims (not trashed; of the product when given) by title, with their levels by order. */
export async function simChoices(
  db: DbOrTx,
  companyId: string,
  productId: string | undefined,
): Promise<TScoreFiltersResponse['sims']> {
  const where: SQL | undefined = and(
    eq(sims.companyId, companyId),
    isNull(sims.deletedAt),
    productId ? eq(sims.productId, productId) : undefined,
  );
  const list = await db
    .select({ sim_id: sims.id, title: sims.title, product_id: sims.productId })
    .from(sims)
    .where(where)
    .orderBy(sql`lower(${sims.title})`, asc(sims.id));
  if (!list.length) return [];
  const levels = await db
    .select({ simId: simLevels.simId, level_id: simLevels.id, name: simLevels.name, order: simLevels.sortOrder })
    .from(simLevels)
    .where(
      inArray(
        simLevels.simId,
        list.map((s) => s.sim_id),
      ),
    )
    .orderBy(asc(simLevels.sortOrder), asc(simLevels.id));
  return list.map((s) => ({
    ...s,
    levels: levels.filter((l) => l.simId === s.sim_id).map(({ simId: _, ...l }) => l),
  }));
}
