import { FILTER_STATUSES, shownStatuses, type TicketFilters, type TicketSortKey, type TTicketStats } from '@sim/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { simLevels, simScripts, sims, helpdeskTickets as tickets } from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';
import { assignee, creator, selectTickets, type TicketRow } from './repository';

/**
 * The ticket list (administration-and-support.md sections 2 and 7): one scope for the page and the stats —
 * the caller's company, and for a learner's account only its own tickets — then the search over the
 * message, the people, the sim, the level and the ticket's number. The stats count every ticket of the
 * scope and search (each chip says how many its toggle shows); the page and `total` apply the filters too.
 */

export interface TicketScope {
  companyId: string;
  /** a learner's account: only the tickets it created or is assigned */
  ownerId: string | null;
}

export interface TicketListInput {
  page: number;
  limit: number;
  textSearch: string;
  orderBy: TicketSortKey;
  order: 'asc' | 'desc';
  filters: TicketFilters;
}

function scopeOf(scope: TicketScope): SQL {
  return and(
    eq(tickets.companyId, scope.companyId),
    scope.ownerId ? or(eq(tickets.createdById, scope.ownerId), eq(tickets.assignedToId, scope.ownerId)) : undefined,
  ) as SQL;
}

function searchOf(text: string): SQL | undefined {
  const q = text.trim();
  if (!q) return undefined;
  const pattern = likePattern(q);
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
  return or(
    sql`${tickets.message} ilike ${pattern}`,
    sql`${fullName(creator)} ilike ${pattern}`,
    sql`${fullName(assignee)} ilike ${pattern}`,
    sql`${sims.title} ilike ${pattern}`,
    sql`${simLevels.name} ilike ${pattern}`,
    number === null ? undefined : eq(tickets.number, number),
  );
}

/** The filters' condition: the status is shown, and an unassigned ticket only with `unassigned` on. */
function filtersOf(filters: TicketFilters): SQL {
  const statuses = shownStatuses(filters);
  return and(
    statuses.length ? inArray(tickets.status, statuses) : sql`false`,
    filters.unassigned ? undefined : isNotNull(tickets.assignedToId),
  ) as SQL;
}

const SORT_COLUMNS: Record<TicketSortKey, SQL | typeof tickets.createdAt | typeof tickets.status> = {
  creator: sql`lower(${fullName(creator)})`,
  status: tickets.status,
  sim: sql`lower(${sims.title})`,
  level: sql`${simLevels.sortOrder}`,
  script: sql`${simScripts.sortOrder}`,
  created_at: tickets.createdAt,
  owner: sql`lower(${fullName(assignee)})`,
};

/** A page of the scope's tickets that pass the search and filters, sorted (newest first within a tie). */
export function listTickets(db: DbOrTx, scope: TicketScope, input: TicketListInput): Promise<TicketRow[]> {
  const direction = input.order === 'asc' ? asc : desc;
  return selectTickets(db)
    .where(and(scopeOf(scope), searchOf(input.textSearch), filtersOf(input.filters)))
    .orderBy(direction(SORT_COLUMNS[input.orderBy]), desc(tickets.createdAt), desc(tickets.id))
    .limit(input.limit)
    .offset(input.page * input.limit);
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`;

/** The stats of the chips (over scope and search) and the total of the filtered list, in one statement. */
export async function ticketStats(
  db: DbOrTx,
  scope: TicketScope,
  input: Pick<TicketListInput, 'textSearch' | 'filters'>,
): Promise<{ stats: TTicketStats; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      unassigned: countWhere(isNull(tickets.assignedToId)),
      pending: countWhere(inArray(tickets.status, FILTER_STATUSES.pending)),
      inProgress: countWhere(inArray(tickets.status, FILTER_STATUSES.inProgress)),
      resolved: countWhere(inArray(tickets.status, FILTER_STATUSES.resolved)),
      rejected: countWhere(inArray(tickets.status, FILTER_STATUSES.rejected)),
      archived: countWhere(inArray(tickets.status, FILTER_STATUSES.archived)),
      matching: countWhere(filtersOf(input.filters)),
    })
    .from(tickets)
    .leftJoin(creator, eq(creator.id, tickets.createdById))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToId))
    .leftJoin(sims, eq(sims.id, tickets.simId))
    .leftJoin(simLevels, eq(simLevels.id, tickets.simLevelId))
    .where(and(scopeOf(scope), searchOf(input.textSearch)));
  const { matching, ...stats } = row;
  return { stats, total: matching };
}
