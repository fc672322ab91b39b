import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pendingBlobs } from '../src/db/schema/index';
import { deleteSettled, pend, settle, sweepPendingBlobs } from '../src/modules/files/pending-blobs';
import { testApp, unique } from './factories';

/** Files no row names (modules/files/pending-blobs.ts): settled ones stay, an hour-old pending one is swept. */
describe('pending files', () => {
  const ctx = testApp();

  it('sweeps the files of pending keys older than the limit, keeps settled and recent ones', async () => {
    const [old, recent, named, removed] = ['old', 'recent', 'named', 'removed'].map((n) => `tests/${unique(n)}.bin`);
    for (const key of [old, recent, named, removed]) {
      await pend(ctx.db, key);
      await ctx.deps.blobs.put(key, Buffer.from(key), 'application/octet-stream');
    }
    await settle(ctx.db, named); // the transaction that names it settled it
    await deleteSettled(ctx.deps, removed); // a file no longer named: deleted with its row
    await ctx.db
      .update(pendingBlobs)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(inArray(pendingBlobs.key, [old, named]));

    // other files may be pending in the shared database: at least this one is swept
    expect(await sweepPendingBlobs(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.blobs.exists(old)).toBe(false);
    expect(await ctx.deps.blobs.exists(removed)).toBe(false);
    expect(await ctx.deps.blobs.exists(recent)).toBe(true);
    expect(await ctx.deps.blobs.exists(named)).toBe(true);
    const left = await ctx.db
      .select({ key: pendingBlobs.key })
      .from(pendingBlobs)
      .where(inArray(pendingBlobs.key, [old, recent, named, removed]));
    expect(left.map((r) => r.key)).toEqual([recent]);
  });
});
