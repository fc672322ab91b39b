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
  const pool = newPool(url, poolSize, '-c jit=off');
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    close: async () => {
      await readPools.get(pool)?.end();
      readPools.delete(pool);
      await pool.end();
    },
  };
}

/**
 * The sessions of the read pool (readPoolOf): read-only, no JIT, and joins planned in the order they are
 * written (join_collapse_limit = 1). The score tab's statements join an attempt to one row each of six
 * tables; searching every join order cost 25–100 ms of planning against well under 1 ms to run them
 * (bench/results/scores.md), and their written order is the right one for a page. Set per session, not
 * per transaction, so a page costs no BEGIN / COMMIT round trips.
 */
export const READ_SESSION_OPTIONS = '-c jit=off -c join_collapse_limit=1 -c default_transaction_read_only=on';

const readPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * A second pool of the same size beside the app's, for the page reads written for it (see
 * READ_SESSION_OPTIONS); made on first use, ended with the app's (Database.close).
 */
export function readPoolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let reads = readPools.get(pool);
  if (!reads) {
    const { connectionString, max } = pool.options as pg.PoolConfig;
    reads = newPool(connectionString ?? '', max ?? 10, READ_SESSION_OPTIONS);
    readPools.set(pool, reads);
  }
  return reads;
}

function newPool(url: string, max: number, options: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, options });
  pool.on('error', () => {
    /* a dropped idle client: the pool replaces it */
  });
  return pool;
}
