import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simLevels, simScripts, sims } from '../../../db/schema/index';
import { applyOrder, placeAt } from '../shared/ordering';
import type { LevelRow } from '../shared/shape';

export type LevelInsert = typeof simLevels.$inferInsert;

/** Scripts per level; "sim_levels"."id" written out so it binds to the outer row. */
const scriptCount = sql<number>`(select count(*)::int from ${simScripts} sc where sc.sim_level_id = "sim_levels"."id")`;
const ORDER = [asc(simLevels.sortOrder), asc(simLevels.createdAt), asc(simLevels.id)];

/** The levels of a sim (scoped by the caller) in order, each with its script count. */
export function levelsOf(db: DbOrTx, simId: string): Promise<{ level: LevelRow; totalScripts: number }[]> {
  return db
    .select({ level: simLevels, totalScripts: scriptCount })
    .from(simLevels)
    .where(eq(simLevels.simId, simId))
    .orderBy(...ORDER);
}

export async function findLevel(db: DbOrTx, simId: string, levelId: string): Promise<LevelRow | null> {
  const [row] = await db
    .select()
    .from(simLevels)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)));
  return row ?? null;
}

export async function findLevelWithCount(db: DbOrTx, simId: string, levelId: string) {
  const [row] = await db
    .select({ level: simLevels, totalScripts: scriptCount })
    .from(simLevels)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)));
  return row ?? null;
}

export async function countLevels(db: DbOrTx, simId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(simLevels).where(eq(simLevels.simId, simId));
  return n;
}

export async function insertLevel(db: DbOrTx, values: LevelInsert): Promise<LevelRow> {
  const [row] = await db.insert(simLevels).values(values).returning();
  return row;
}

export async function updateLevel(db: DbOrTx, simId: string, levelId: string, values: Partial<LevelInsert>) {
  const [row] = await db
    .update(simLevels)
    .set(values)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)))
    .returning();
  return row ?? null;
}

export async function deleteLevel(db: DbOrTx, simId: string, levelId: string): Promise<boolean> {
  const rows = await db
    .delete(simLevels)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)))
    .returning({ id: simLevels.id });
  return rows.length > 0;
}

async function levelIds(db: DbOrTx, simId: string): Promise<string[]> {
  const rows = await db
    .select({ id: simLevels.id })
    .from(simLevels)
    .where(eq(simLevels.simId, simId))
    .orderBy(...ORDER);
  return rows.map((r) => r.id);
}

/** Levels are numbered from 0 without gaps; `place` puts one level at a position first. */
export async function renumberLevels(db: DbOrTx, simId: string, place?: { id: string; order: number }) {
  let ids = await levelIds(db, simId);
  if (place) ids = placeAt(ids, place.id, place.order);
  await applyOrder(db, simLevels, simLevels.id, simLevels.sortOrder, ids, 0);
}

/** The sim of a level, when both are the company's and the sim is not in the trash. */
export async function activeSimIdOfLevel(db: DbOrTx, companyId: string, levelId: string): Promise<string | null> {
  const [row] = await db
    .select({ simId: simLevels.simId })
    .from(simLevels)
    .innerJoin(sims, eq(sims.id, simLevels.simId))
    .where(and(eq(simLevels.id, levelId), eq(sims.companyId, companyId), isNull(sims.deletedAt)));
  return row?.simId ?? null;
}
