import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Db, readPoolOf } from '../../db/client';

/**
 * How the score statements run: on the read pool (db/client.ts readPoolOf), whose sessions are read-only,
 * without JIT and plan joins in the order written (the row's attempt first, or the table of the sort, then
 * one row each of its assignment, sim, level and learner) instead of searching every order, which cost more
 * than the query itself (tens of ms to plan, well under one to run). No transaction: a page is two round
 * trips, the filter's ids and then the page with its count (the ids are the company's; a change committed
 * between the two shows in the next call).
 */

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

/** Runs `fn` with a runner on the read pool (see above). */
export function scoreRead<T>(db: Db, fn: (run: ScoreRunner) => Promise<T>): Promise<T> {
  return fn(clientRunner(readPoolOf(db)));
}

/** The read pool's planner options, for a transaction opened by drizzle on the app's pool (the export's cursor). */
export const PLANNER_OPTIONS = sql`select set_config('join_collapse_limit', '1', true), set_config('jit', 'off', true)`;
