import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simPassFail, sims } from '../../../db/schema/index';
import type { PassFailRow } from '../shared/shape';

export type PassFailInsert = typeof simPassFail.$inferInsert;

export async function passFailOf(db: DbOrTx, simId: string): Promise<PassFailRow | null> {
  const [row] = await db.select().from(simPassFail).where(eq(simPassFail.simId, simId));
  return row ?? null;
}

/** One criteria row per sim: setting it on another level moves it there. */
export async function upsertPassFail(db: DbOrTx, values: PassFailInsert): Promise<PassFailRow> {
  const { simId: _simId, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(simPassFail)
    .values(values)
    .onConflictDoUpdate({ target: simPassFail.simId, set: changes })
    .returning();
  return row;
}

/** Removes the sim's criteria (only when they sit on `levelId`, if given) and clears the sim's flag. */
export async function clearPassFail(db: DbOrTx, simId: string, levelId?: string): Promise<boolean> {
  const rows = await db
    .delete(simPassFail)
    .where(and(eq(simPassFail.simId, simId), levelId ? eq(simPassFail.simLevelId, levelId) : undefined))
    .returning({ id: simPassFail.id });
  if (rows.length) await db.update(sims).set({ isPassFailCriteriaSet: false }).where(eq(sims.id, simId));
  return rows.length > 0;
}
