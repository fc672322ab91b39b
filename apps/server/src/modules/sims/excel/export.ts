import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simLevels, sims } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found } from '../../../lib/errors';
import { scriptsOfLevel } from '../scripts/repository';
import { levelSheets } from './level-sheet';
import { levelsWorkbook, toBuffer } from './template';

/** A level of one of the company's sims (the trash is readable too); 404 otherwise. */
async function levelOfCompany(db: DbOrTx, companyId: string, levelId: string) {
  const [row] = await db
    .select({ level: simLevels })
    .from(simLevels)
    .innerJoin(sims, eq(sims.id, simLevels.simId))
    .where(and(eq(simLevels.id, levelId), eq(sims.companyId, companyId)));
  return found(row).level;
}

/** A file name from a level name: letters, digits, spaces, dots, dashes and underscores; never empty. */
export function safeFileName(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100);
  return `${safe || 'level'}.xlsx`;
}

/**
 * A level as an .xlsx in the sheets of the import template, so that an export imports back to the same
 * level (excel/level-sheet.ts): its lines with what they carry, their tests and the level's options.
 */
export async function exportLevel(
  deps: AppDeps,
  actor: Actor,
  levelId: string,
): Promise<{ fileName: string; data: Buffer }> {
  const level = await levelOfCompany(deps.db, actor.companyId, levelId);
  const scripts = await scriptsOfLevel(deps.db, level.id);
  return { fileName: safeFileName(level.name), data: await toBuffer(levelsWorkbook(levelSheets(level, scripts))) };
}
