import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/** PGlite never vacuums by itself: run VACUUM ANALYZE on a timer (embedded database only). */
export function scheduleVacuum(db: Db, minutes: number, log: FastifyBaseLogger): () => void {
  if (minutes <= 0) return () => {};
  const run = async () => {
    const started = Date.now();
    try {
      await db.execute(sql`vacuum analyze`);
      log.info({ ms: Date.now() - started }, 'vacuum analyze done');
    } catch (err) {
      log.warn({ err }, 'vacuum analyze failed');
    }
  };
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
