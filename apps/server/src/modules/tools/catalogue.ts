import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tools } from '../../db/schema/index';

/** The products (tools) of DECISIONS.md section 3. */
export const TOOL_CATALOGUE = [
  { name: 'Hiring SIM', type: 'Voice Only' },
  { name: 'Training SIM', type: 'Voice Only' },
  { name: 'Training SIM - Internal Data', type: 'Internal Data' },
] as const;

export async function syncTools(db: DbOrTx): Promise<void> {
  let order = 0;
  for (const t of TOOL_CATALOGUE)
    await db
      .insert(tools)
      .values({ name: t.name, type: t.type, sortOrder: order++ })
      .onConflictDoUpdate({ target: tools.name, set: { type: t.type, sortOrder: sql`excluded.sort_order` } });
}
