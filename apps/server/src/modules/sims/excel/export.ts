import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simLevels, sims } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found } from '../../../lib/errors';
import { scriptsOfLevel } from '../scripts/repository';
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
 * A level as an .xlsx in the columns of the import template (so an export can be imported again): one
 * row per script, in order, with its character type, text, keywords (comma-separated) and hint.
 */
export async function exportLevel(
  deps: AppDeps,
  actor: Actor,
  levelId: string,
): Promise<{ fileName: string; data: Buffer }> {
  const level = await levelOfCompany(deps.db, actor.companyId, levelId);
  const scripts = await scriptsOfLevel(deps.db, level.id);
  const workbook = levelsWorkbook(
    scripts.map(({ script, character }) => ({
      levelName: level.name,
      characterType: character?.type ?? '',
      script: script.script,
      keywords: script.keywords.join(', '),
      hintText: script.hintText,
    })),
  );
  return { fileName: safeFileName(level.name), data: await toBuffer(workbook) };
}
