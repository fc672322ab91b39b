import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sims } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found } from '../../../lib/errors';

export type SimRow = typeof sims.$inferSelect;

/** The caller's sim, active or in the trash; 404 when it is missing or of another company. */
export async function simOf(db: DbOrTx, actor: Actor, simId: string): Promise<SimRow> {
  const [row] = await db
    .select()
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, actor.companyId)));
  return found(row);
}

/** The caller's sim, not in the trash, or null (missing, in the trash, or of another company). */
export async function findActiveSim(db: DbOrTx, actor: Actor, simId: string): Promise<SimRow | null> {
  const [row] = await db
    .select()
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, actor.companyId), isNull(sims.deletedAt)));
  return row ?? null;
}

/** The caller's sim, not in the trash; 404 otherwise. */
export async function activeSimOf(db: DbOrTx, actor: Actor, simId: string): Promise<SimRow> {
  return found(await findActiveSim(db, actor, simId));
}

/**
 * Every change of a sim's content runs here: one transaction that locks the sim row (so limits and
 * orders hold under concurrent edits), answers 404 for a sim of another company or in the trash, and
 * marks the sim updated (the UPDATED column of the list).
 */
export function editSim<T>(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  change: (tx: DbOrTx, sim: SimRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.id, simId), eq(sims.companyId, actor.companyId), isNull(sims.deletedAt)))
      .for('update');
    const result = await change(tx, found(row));
    await tx.update(sims).set({ updatedAt: deps.now() }).where(eq(sims.id, simId));
    return result;
  });
}
