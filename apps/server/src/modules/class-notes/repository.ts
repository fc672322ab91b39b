import type { TClassNote } from '@sim/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classNotes, sims } from '../../db/schema/index';

function selectNotes(db: DbOrTx) {
  return db
    .select({
      id: classNotes.id,
      companyId: classNotes.companyId,
      userId: classNotes.userId,
      simId: classNotes.simId,
      simName: sims.title,
      notes: classNotes.notes,
      createdAt: classNotes.createdAt,
      updatedAt: classNotes.updatedAt,
    })
    .from(classNotes)
    .leftJoin(sims, eq(sims.id, classNotes.simId));
}
export type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['where']>>[number];

export function toClassNote(r: NoteRow): TClassNote {
  return {
    _id: r.id,
    notes: r.notes,
    sim_id: r.simId,
    sim_name: r.simName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    user: r.userId,
  };
}

/** The user's notes in their company, the last written first. */
export function notesOf(db: DbOrTx, companyId: string, userId: string) {
  return selectNotes(db)
    .where(and(eq(classNotes.companyId, companyId), eq(classNotes.userId, userId)))
    .orderBy(desc(classNotes.updatedAt), desc(classNotes.id));
}

/** One note of the company (whoever wrote it: the policy decides), null when absent. */
export async function findNote(db: DbOrTx, companyId: string, id: string): Promise<NoteRow | null> {
  const [row] = await selectNotes(db).where(and(eq(classNotes.id, id), eq(classNotes.companyId, companyId)));
  return row ?? null;
}

/** Whether the sim is one of the company's, not trashed. */
export async function companySimExists(db: DbOrTx, companyId: string, simId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sims.id })
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNull(sims.deletedAt)));
  return Boolean(row);
}

export async function insertNote(
  db: DbOrTx,
  values: { companyId: string; userId: string; simId: string | null; notes: string; now: Date },
): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(classNotes)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: classNotes.id });
  return row.id;
}

/** Updates the user's own note; false when it is not theirs (or gone). */
export async function updateNote(
  db: DbOrTx,
  userId: string,
  id: string,
  values: { simId: string | null; notes: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(classNotes)
    .set({ simId: values.simId, notes: values.notes, updatedAt: values.now })
    .where(and(eq(classNotes.id, id), eq(classNotes.userId, userId)))
    .returning({ id: classNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(classNotes)
    .where(and(eq(classNotes.id, id), eq(classNotes.userId, userId)))
    .returning({ id: classNotes.id });
  return rows.length > 0;
}
