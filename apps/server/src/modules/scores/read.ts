import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client';

/**
 * How the score statements run: the statements of one call share one connection and one read-only
 * transaction opened together with the planner options in a single round trip. The options: the join
 * order as written (attempts first, then one row each of its assignment, sim, level and learner) instead
 * of a search over every order, which cost more than the query itself (tens of ms to plan, well under one
 * to run); and no JIT compilation (it spent 100+ ms compiling statements that run in a few). A call costs
 * four round trips: begin, the filter's ids, the page with its count, commit.
 */

export const OPEN_READ = `begin read only; select set_config('join_collapse_limit', '1', true), set_config('jit', 'off', true)`;
const dialect = new PgDialect();

/** Builds score statements without a connection (they run through a ScoreRunner). */
export const qb = new QueryBuilder();

export interface Statement {
  sql: string;
  params: unknown[];
}
type Runnable = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function toStatement(query: Runnable): Statement {
  return 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery((query as SQLWrapper).getSQL());
}

/** Runs statements of the score reads; rows are keyed by the selection's aliases. */
export interface ScoreRunner {
  rows<T = Record<string, unknown>>(query: Runnable): Promise<T[]>;
}

export function clientRunner(client: pg.PoolClient | pg.Pool): ScoreRunner {
  return {
    async rows<T>(query: Runnable) {
      const s = toStatement(query);
      return (await client.query(s.sql, s.params)).rows as T[];
    },
  };
}

/** The pg pool under the app's database handle (drizzle keeps it as $client). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/** Runs `fn` on one connection inside a read-only transaction with the planner options (see above). */
export async function scoreRead<T>(db: Db, fn: (run: ScoreRunner) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    await client.query(OPEN_READ);
    const out = await fn(clientRunner(client));
    await client.query('commit');
    return out;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The planner options for a transaction opened by drizzle (the export's cursor). */
export const PLANNER_OPTIONS = sql`select set_config('join_collapse_limit', '1', true), set_config('jit', 'off', true)`;
