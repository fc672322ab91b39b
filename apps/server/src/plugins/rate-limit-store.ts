import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256 } from '../lib/secrets';

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_limits`), so that N server instances
 * behind a balancer allow a route's limit in all, not N times it (issue 18, scale-out). One statement per
 * request: the key's row is created, counted, or started again when its window has ended, on the database's
 * clock (the instances' clocks may differ). The stored key is a hash of the route and the limit's key (which
 * may hold an address and an email). Ended rows are removed now and then by the instance that meets them.
 */

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

interface StoreParams {
  routeInfo?: RouteInfo;
}

export interface RateLimitHits {
  current: number;
  /** milliseconds left in the window */
  ttl: number;
}

/** Rows whose window ended this long ago are removed (one request in SWEEP_EVERY sweeps). */
const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY = 200;

/** Counts one hit of `key` in a window of `windowMs`; answers the hits of the window and the time left. */
export async function hit(db: Db, key: string, windowMs: number): Promise<RateLimitHits> {
  const window = Math.max(1, Math.trunc(windowMs));
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limits as r (key, hits, window_ends)
    values (${key}, 1, now() + make_interval(secs => ${window / 1000}))
    on conflict (key) do update set
      hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
      window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::float8 as ttl`);
  const row = result.rows[0];
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

export async function sweepEnded(db: Db, olderThanMs = SWEEP_AFTER_MS): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where window_ends < now() - make_interval(secs => ${olderThanMs / 1000})`,
  );
}

/** The store class @fastify/rate-limit builds (`new Store(params)`, then `child(routeParams)` per route). */
export function postgresRateLimitStore(db: Db) {
  let calls = 0;
  return class PostgresRateLimitStore {
    private readonly prefix: string;

    /** at run time the plugin's merged parameters, with the route in `routeInfo` (its typings say otherwise) */
    constructor(options: object = {}) {
      const params = options as StoreParams;
      const method = params.routeInfo?.method;
      this.prefix = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${params.routeInfo?.url ?? ''}`;
    }

    incr(key: string, callback: (err: Error | null, result?: RateLimitHits) => void, timeWindow: number) {
      calls = (calls + 1) % SWEEP_EVERY;
      if (calls === 0) sweepEnded(db).catch(() => {});
      hit(db, sha256(`${this.prefix}\n${key}`), timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    child(routeParams: object) {
      return new PostgresRateLimitStore(routeParams);
    }
  };
}
