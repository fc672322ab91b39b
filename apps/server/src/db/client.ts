import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or a transaction handle: data functions take either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// bigint (count) as a JS number on every driver
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * The app's pool. JIT compilation is off for its sessions: the app's statements are short page reads and
 * writes, for which PostgreSQL's JIT (on by default where it is built in) costs far more than it saves
 * (measured 100+ ms on a score page that runs in under 1 ms; bench/results/scores.md).
 */
export function connectDatabase(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  });
  pool.on('error', () => {
    /* a dropped idle client: the pool replaces it */
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
