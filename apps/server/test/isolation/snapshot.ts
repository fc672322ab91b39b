import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * What a company (or a person) has in the database, to prove a refused request changed nothing: starting
 * from root ids (a company's id, a learner's user id), every row of every table holding one of the ids in
 * a uuid column belongs to it, and so do the rows holding those rows' own ids, and so on (a sim → its
 * levels → their scripts → the attempts' lines…). The fingerprint is, per table, a hash of those rows
 * (their whole text), and of the rows that come to hold one of the ids later (a row added under a record).
 */

interface Table {
  name: string;
  uuidColumns: string[];
  hasId: boolean;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tablesOf(db: Db): Promise<Table[]> {
  const list = (await rowsOf(
    db,
    `select c.table_name as table, c.column_name as column, c.data_type as type
     from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`,
  )) as { table: string; column: string; type: string }[];
  const tables = new Map<string, Table>();
  for (const r of list) {
    const t = tables.get(r.table) ?? { name: r.table, uuidColumns: [], hasId: false };
    if (r.type === 'uuid') t.uuidColumns.push(r.column);
    if (r.column === 'id' && r.type === 'uuid') t.hasId = true;
    tables.set(r.table, t);
  }
  return [...tables.values()].filter((t) => t.uuidColumns.length > 0);
}

function rowsOf(db: Db, query: string): Promise<Record<string, unknown>[]> {
  return db.execute(sql.raw(query)).then((r) => {
    const res = r as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
    return Array.isArray(res) ? res : (res.rows ?? []);
  });
}

const idList = (ids: Iterable<string>) => `array[${[...ids].map((id) => `'${id}'`).join(',')}]::uuid[]`;

export interface Holdings {
  /** the ids found (the roots and every row id under them) */
  ids: Set<string>;
  /** per table, a hash of its rows holding one of the ids */
  fingerprint(): Promise<Record<string, string>>;
  /** the tables whose rows differ from a fingerprint taken before */
  changedSince(before: Record<string, string>): Promise<string[]>;
}

/** The rows under the root ids (`skip`: tables left out, e.g. a log that any request may write to). */
export async function holdingsOf(db: Db, roots: string[], skip: readonly string[] = []): Promise<Holdings> {
  const tables = (await tablesOf(db)).filter((t) => !skip.includes(t.name));
  const ids = new Set(roots);
  for (let round = 0; round < 10; round++) {
    const before = ids.size;
    const list = idList(ids);
    for (const t of tables.filter((x) => x.hasId)) {
      const where = t.uuidColumns.map((c) => `${quote(c)} = any(${list})`).join(' or ');
      for (const r of await rowsOf(db, `select id::text as id from ${quote(t.name)} where ${where}`))
        ids.add(String(r.id));
    }
    if (ids.size === before) break;
  }
  const query = () => {
    const list = idList(ids);
    return tables
      .map((t) => {
        const where = t.uuidColumns.map((c) => `x.${quote(c)} = any(${list})`).join(' or ');
        return `select '${t.name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h, count(*)::int as n from ${quote(t.name)} x where ${where}`;
      })
      .join(' union all ');
  };
  const statement = query();
  const fingerprint = async () => {
    const out: Record<string, string> = {};
    for (const r of await rowsOf(db, statement)) out[String(r.t)] = `${r.n}:${r.h}`;
    return out;
  };
  return {
    ids,
    fingerprint,
    async changedSince(before) {
      const now = await fingerprint();
      return Object.keys(now).filter((t) => now[t] !== before[t]);
    },
  };
}
