import { LAYOUT_TYPES, type TLayout, type TLayoutType } from '@sim/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simLayouts, sims } from '../../../db/schema/index';

export type LayoutRow = typeof simLayouts.$inferSelect;

export const toLayout = (r: LayoutRow): TLayout => ({
  type: r.type as TLayoutType,
  excel_sheet_name: r.excelSheetName,
  tabs: r.tabs,
});

/** The layouts of a sim: case first, then account. */
export async function layoutsOf(db: DbOrTx, simId: string): Promise<TLayout[]> {
  const rows = await db.select().from(simLayouts).where(eq(simLayouts.simId, simId)).orderBy(asc(simLayouts.type));
  return rows.map(toLayout).sort((a, b) => LAYOUT_TYPES.indexOf(a.type) - LAYOUT_TYPES.indexOf(b.type));
}

/** One layout per sim and type: a new one replaces the old. */
export async function upsertLayout(db: DbOrTx, simId: string, layout: TLayout, now: Date): Promise<TLayout> {
  const values = { excelSheetName: layout.excel_sheet_name, tabs: layout.tabs, updatedAt: now };
  const [row] = await db
    .insert(simLayouts)
    .values({ simId, type: layout.type, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [simLayouts.simId, simLayouts.type], set: values })
    .returning();
  return toLayout(row);
}

export async function setSheetName(db: DbOrTx, simId: string, sheetName: string): Promise<void> {
  await db.update(sims).set({ sheetName }).where(eq(sims.id, simId));
}

/** Copies the layouts of one sim to another (Duplicate Sim). */
export async function copyLayouts(db: DbOrTx, fromSimId: string, toSimId: string, now: Date): Promise<void> {
  const rows = await db.select().from(simLayouts).where(eq(simLayouts.simId, fromSimId));
  if (rows.length === 0) return;
  await db.insert(simLayouts).values(
    rows.map((r) => ({
      simId: toSimId,
      type: r.type,
      excelSheetName: r.excelSheetName,
      tabs: r.tabs,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
