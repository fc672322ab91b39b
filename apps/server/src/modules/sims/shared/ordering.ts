import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';

/**
 * Writes positions start, start+1, ... to the rows of `ids`, in that order (one statement).
 * Used to renumber scripts from 1 and levels from 0 after an insert, a move or a delete.
 */
export async function applyOrder(
  db: DbOrTx,
  table: PgTable,
  idColumn: PgColumn,
  orderColumn: PgColumn,
  ids: readonly string[],
  start: number,
): Promise<void> {
  if (!ids.length) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update ${table} set ${sql.identifier(orderColumn.name)} = v.ord + ${start - 1}
    from unnest(array[${list}]) with ordinality as v(id, ord)
    where ${idColumn} = v.id and ${orderColumn} is distinct from v.ord + ${start - 1}`);
}

/** `ids` with `id` moved to the 0-based `index` (clamped), for insert-at and move. */
export function placeAt(ids: readonly string[], id: string, index: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
