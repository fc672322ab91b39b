import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simCharacters, simLevels, simScripts, sims } from '../../../db/schema/index';
import { applyOrder, placeAt } from '../shared/ordering';
import type { CharacterRow, ScriptRow } from '../shared/shape';

export type ScriptInsert = typeof simScripts.$inferInsert;
export interface ScriptWithCharacter {
  script: ScriptRow;
  character: CharacterRow | null;
}

const ORDER = [asc(simScripts.sortOrder), asc(simScripts.createdAt), asc(simScripts.id)];

function selectScripts(db: DbOrTx, where: SQL | undefined, orderBy: SQL[]): Promise<ScriptWithCharacter[]> {
  return db
    .select({ script: simScripts, character: simCharacters })
    .from(simScripts)
    .leftJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
    .where(where)
    .orderBy(...orderBy);
}

/** The scripts of a level (scoped by the caller), in order. */
export function scriptsOfLevel(db: DbOrTx, levelId: string) {
  return selectScripts(db, eq(simScripts.simLevelId, levelId), ORDER);
}

/** Every script of a sim (scoped by the caller), by level order then script order. */
export function scriptsOfSim(db: DbOrTx, simId: string) {
  return db
    .select({ script: simScripts, character: simCharacters })
    .from(simScripts)
    .innerJoin(simLevels, eq(simLevels.id, simScripts.simLevelId))
    .leftJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
    .where(eq(simScripts.simId, simId))
    .orderBy(asc(simLevels.sortOrder), asc(simLevels.createdAt), ...ORDER);
}

export async function findScript(db: DbOrTx, simId: string, scriptId: string): Promise<ScriptWithCharacter | null> {
  const [row] = await selectScripts(db, and(eq(simScripts.id, scriptId), eq(simScripts.simId, simId)), ORDER);
  return row ?? null;
}

export async function countScripts(db: DbOrTx, levelId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(simScripts).where(eq(simScripts.simLevelId, levelId));
  return n;
}

export async function insertScript(db: DbOrTx, values: ScriptInsert): Promise<ScriptRow> {
  const [row] = await db.insert(simScripts).values(values).returning();
  return row;
}

export async function insertScripts(db: DbOrTx, values: ScriptInsert[]): Promise<void> {
  if (values.length) await db.insert(simScripts).values(values);
}

export async function updateScript(db: DbOrTx, simId: string, scriptId: string, values: Partial<ScriptInsert>) {
  const [row] = await db
    .update(simScripts)
    .set(values)
    .where(and(eq(simScripts.id, scriptId), eq(simScripts.simId, simId)))
    .returning();
  return row ?? null;
}

/** Sets the same values on every script of a level (scoped by the caller). */
export async function updateScriptsOfLevel(db: DbOrTx, levelId: string, values: Partial<ScriptInsert>) {
  await db.update(simScripts).set(values).where(eq(simScripts.simLevelId, levelId));
}

export async function deleteScript(db: DbOrTx, simId: string, scriptId: string): Promise<ScriptRow | null> {
  const [row] = await db
    .delete(simScripts)
    .where(and(eq(simScripts.id, scriptId), eq(simScripts.simId, simId)))
    .returning();
  return row ?? null;
}

/** Scripts are numbered from 1 without gaps; `place` puts one script at a position (from 1) first. */
export async function renumberScripts(db: DbOrTx, levelId: string, place?: { id: string; order: number }) {
  const rows = await db
    .select({ id: simScripts.id })
    .from(simScripts)
    .where(eq(simScripts.simLevelId, levelId))
    .orderBy(...ORDER);
  let ids = rows.map((r) => r.id);
  if (place) ids = placeAt(ids, place.id, place.order - 1);
  await applyOrder(db, simScripts, simScripts.id, simScripts.sortOrder, ids, 1);
}

/** A script of one of the company's active sims, by its id alone (the try-out routes send only the id). */
export async function findScriptOfCompany(db: DbOrTx, companyId: string, scriptId: string) {
  const [row] = await db
    .select({ script: simScripts })
    .from(simScripts)
    .innerJoin(sims, eq(sims.id, simScripts.simId))
    .where(and(eq(simScripts.id, scriptId), eq(sims.companyId, companyId), isNull(sims.deletedAt)));
  return row?.script ?? null;
}
