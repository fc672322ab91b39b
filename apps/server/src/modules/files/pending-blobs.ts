import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pendingBlobs } from '../../db/schema/index';
import type { AppDeps } from '../../deps';

/**
 * Files no row names yet, or no longer (issue 18, crash safety). A file is stored before the transaction
 * that names it (so a row never names a missing file); a server killed between the two left it in the store
 * for ever. Now its key is written here first (`pend`), and the transaction that names the file removes it
 * (`settle`); a file a transaction stops naming is pended in that transaction and deleted after the commit.
 * What a crash leaves here is swept once it is an hour old: the file deleted, then the row.
 */
export const PENDING_BLOB_TTL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

/** The key's file may be orphaned until `settle` (inside the transaction that names it, or after its deletion). */
export async function pend(db: DbOrTx, key: string): Promise<void> {
  await db.insert(pendingBlobs).values({ key }).onConflictDoNothing();
}

export async function settle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(pendingBlobs).where(eq(pendingBlobs.key, key));
}

/** Deletes a file no row names any more, then its pending row (left for the sweep when the store fails). */
export async function deleteSettled(deps: Pick<AppDeps, 'db' | 'blobs'>, key: string): Promise<void> {
  try {
    await deps.blobs.delete(key);
    await settle(deps.db, key);
  } catch {
    // the row stays: the sweep deletes the file later
  }
}

/**
 * Deletes the files of pending rows older than `olderThanMs` and their rows, a batch at a time; rows are
 * locked (SKIP LOCKED) so two instances sweeping at once share the work. Answers the files deleted.
 */
export async function sweepPendingBlobs(
  deps: Pick<AppDeps, 'db' | 'blobs'>,
  olderThanMs = PENDING_BLOB_TTL_MS,
): Promise<number> {
  let swept = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const rows = await tx.execute<{ key: string }>(sql`
        select key from pending_blobs
        where created_at < now() - make_interval(secs => ${olderThanMs / 1000})
        order by created_at limit ${SWEEP_BATCH} for update skip locked`);
      for (const { key } of rows.rows) {
        await deps.blobs.delete(key);
        await settle(tx, key);
      }
      return rows.rows.length;
    });
    swept += done;
    if (done < SWEEP_BATCH) return swept;
  }
}
