import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** The number of rows of each table of the public schema, by table name. */
export type RowCounts = Record<string, number>;

/**
 * Tables a refused request writes by design, with the reason: they are left out of the "nothing
 * half-written" comparison (and only those).
 */
export const WRITTEN_ON_REFUSAL: Readonly<Record<string, string>> = {
  auth_attempts:
    'a refused sign-in, forgotten-password or reset request is counted (the per-account and per-address limits)',
  rate_limits:
    'the shared rate-limit counters count every request of a limited route, refused or not (a wrong current password too)',
};

/** Counts every table of the database's public schema in one statement. */
export async function tableCounter(db: Db): Promise<() => Promise<RowCounts>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.rows.map((r) => r.name).filter((n) => /^[a-z_][a-z0-9_]*$/.test(n));
  if (names.length === 0) throw new Error('no tables to count');
  const statement = names.map((n) => `select '${n}' as name, count(*)::int as n from "${n}"`).join(' union all ');
  return async () => {
    const result = await db.execute<{ name: string; n: number }>(sql.raw(statement));
    return Object.fromEntries(result.rows.map((r) => [r.name, Number(r.n)]));
  };
}

/** The tables whose count changed, "table before→after", leaving out those written on refusal by design. */
export function changedTables(before: RowCounts, after: RowCounts): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => !(n in WRITTEN_ON_REFUSAL) && before[n] !== after[n])
    .sort()
    .map((n) => `${n} ${before[n] ?? 0}→${after[n] ?? 0}`);
}
