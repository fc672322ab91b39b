import type { TScoreFilter } from '@sim/shared';
import { type SQL, sql } from 'drizzle-orm';
import { groupMembers, groups, simLevels, sims, users } from '../../db/schema/index';
import { fullName, likePattern } from '../../db/sql-helpers';
import { type ResolvedFilter, uuids } from './query';
import type { ScoreRunner } from './read';

/**
 * The score filter turned into ids of the caller's company, in one statement, before the rows are read
 * (query.ts): the sims when the filter narrows them (not trashed, of the product, the chosen ones), the
 * members when it narrows them (of the chosen groups, the chosen members, in a group or in none), the
 * trashed sims and deleted users (left out always), and what the text search matches (members by name,
 * sims by title, levels by name). An id of another company matches nothing here, so it filters
 * everything out rather than answering 404.
 */

const ids = (query: SQL) => sql`coalesce(array(${query}), '{}')::text[]`;
/** a member belongs to a group of the company */
const grouped = (companyId: string) =>
  sql`exists (select 1 from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId}
    where ${groupMembers.userId} = ${users.id} and ${groups.companyId} = ${companyId})`;

export async function resolveFilter(
  run: ScoreRunner,
  companyId: string,
  f: TScoreFilter,
  textSearch: string,
): Promise<ResolvedFilter> {
  const chosenSims = f.sims.map((s) => s.sim_id);
  const simWhere = sql.join(
    [
      sql`${sims.companyId} = ${companyId} and ${sims.deletedAt} is null`,
      ...(f.product ? [sql`${sims.productId} = ${f.product}`] : []),
      ...(chosenSims.length ? [sql`${sims.id} = any(${uuids(chosenSims)})`] : []),
    ],
    sql` and `,
  );
  const narrowsSims = Boolean(f.product) || chosenSims.length > 0;
  const narrowsUsers = f.groups.length > 0 || f.members.length > 0 || f.assigned !== f.un_assigned;
  const userWhere = sql.join(
    [
      sql`${users.companyId} = ${companyId} and ${users.deletedAt} is null`,
      ...(f.members.length ? [sql`${users.id} = any(${uuids(f.members)})`] : []),
      ...(f.groups.length
        ? [
            sql`${users.id} in (select ${groupMembers.userId} from ${groupMembers} join ${groups}
              on ${groups.id} = ${groupMembers.groupId}
              where ${groups.companyId} = ${companyId} and ${groupMembers.groupId} = any(${uuids(f.groups)}))`,
          ]
        : []),
      ...(f.assigned !== f.un_assigned ? [f.assigned ? grouped(companyId) : sql`not ${grouped(companyId)}`] : []),
    ],
    sql` and `,
  );
  const text = textSearch.trim();
  const pattern = likePattern(text);
  const [row] = await run.rows<Record<string, string[] | null>>(sql`select
    ${narrowsSims ? ids(sql`select ${sims.id} from ${sims} where ${simWhere}`) : sql`null`} as sims,
    ${ids(sql`select ${sims.id} from ${sims} where ${sims.companyId} = ${companyId} and ${sims.deletedAt} is not null`)} as trashed,
    ${narrowsUsers ? ids(sql`select ${users.id} from ${users} where ${userWhere}`) : sql`null`} as users,
    ${ids(sql`select ${users.id} from ${users} where ${users.companyId} = ${companyId} and ${users.deletedAt} is not null`)} as deleted,
    ${
      text
        ? sql`${ids(sql`select ${users.id} from ${users} where ${users.companyId} = ${companyId} and ${fullName(users)} ilike ${pattern}`)} as s_users,
    ${ids(sql`select ${sims.id} from ${sims} where ${sims.companyId} = ${companyId} and ${sims.title} ilike ${pattern}`)} as s_sims,
    ${ids(sql`select ${simLevels.id} from ${simLevels} join ${sims} on ${sims.id} = ${simLevels.simId}
      where ${sims.companyId} = ${companyId} and ${simLevels.name} ilike ${pattern}`)} as s_levels,
    ${ids(sql`select distinct ${simLevels.simId} from ${simLevels} join ${sims} on ${sims.id} = ${simLevels.simId}
      where ${sims.companyId} = ${companyId} and ${simLevels.name} ilike ${pattern}`)} as s_level_sims`
        : sql`null as s_users, null as s_sims, null as s_levels, null as s_level_sims`
    }`);
  return {
    sims: row.sims,
    trashed: row.trashed ?? [],
    levels: f.sims.filter((s) => s.levels.length).map((s) => ({ simId: s.sim_id, levels: s.levels })),
    users: row.users,
    deleted: row.deleted ?? [],
    search: text
      ? {
          users: row.s_users ?? [],
          sims: row.s_sims ?? [],
          levels: row.s_levels ?? [],
          levelSims: row.s_level_sims ?? [],
        }
      : null,
  };
}
