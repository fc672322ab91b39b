import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simCharacters } from '../../../db/schema/index';
import type { CharacterRow } from '../shared/shape';

export type CharacterInsert = typeof simCharacters.$inferInsert;

/** The characters of a sim (scoped by the caller), in the order coach, agent, customer, other. */
export function charactersOf(db: DbOrTx, simId: string): Promise<CharacterRow[]> {
  return db
    .select()
    .from(simCharacters)
    .where(eq(simCharacters.simId, simId))
    .orderBy(
      sql`array_position(array['coach', 'agent', 'customer', 'other']::text[], ${simCharacters.type})`,
      asc(simCharacters.id),
    );
}

export async function insertCharacters(db: DbOrTx, values: CharacterInsert[]): Promise<CharacterRow[]> {
  if (!values.length) return [];
  return db.insert(simCharacters).values(values).returning();
}

/** Creates or updates the sim's character of each type (one per type), keeping the ids scripts refer to. */
export async function upsertCharacters(db: DbOrTx, values: CharacterInsert[]): Promise<void> {
  if (!values.length) return;
  await db
    .insert(simCharacters)
    .values(values)
    .onConflictDoUpdate({
      target: [simCharacters.simId, simCharacters.type],
      set: {
        name: sql`excluded.name`,
        voice: sql`excluded.voice`,
        avatar: sql`excluded.avatar`,
        maskedType: sql`excluded.masked_type`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function findCharacter(db: DbOrTx, simId: string, characterId: string): Promise<CharacterRow | null> {
  const [row] = await db
    .select()
    .from(simCharacters)
    .where(and(eq(simCharacters.id, characterId), eq(simCharacters.simId, simId)));
  return row ?? null;
}
