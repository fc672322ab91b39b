import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { simScripts, sims } from '../../../db/schema/index';

export type SimFilesUpdate = Partial<
  Pick<
    typeof sims.$inferInsert,
    'documents' | 'tutorialVideo' | 'captivateFolderName' | 'captivateEntry' | 'captivateDemoVideo'
  >
>;

export async function updateSimFiles(db: DbOrTx, simId: string, values: SimFilesUpdate) {
  await db.update(sims).set(values).where(eq(sims.id, simId));
}

/**
 * True when some sim (active or trashed) or script still points to this blob key. A duplicated sim shares
 * its original's files, so a file is deleted only when the last sim lets go of it.
 */
export async function isKeyReferenced(db: DbOrTx, key: string): Promise<boolean> {
  const doc = JSON.stringify([{ url: key }]);
  const result = await db.execute(sql`
    select 1 from ${sims}
     where ${sims.documents} @> ${doc}::jsonb
        or ${sims.tutorialVideo} ->> 'key' = ${key}
        or ${sims.captivateDemoVideo} ->> 'key' = ${key}
    union all
    select 1 from ${simScripts} where ${simScripts.agentRecordedKey} = ${key}
    limit 1`);
  return result.rows.length > 0;
}

/** True when some sim's learning package lives in this blob folder. */
export async function isPackageReferenced(db: DbOrTx, folder: string): Promise<boolean> {
  const like = `${folder.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
  const result = await db.execute(sql`select 1 from ${sims} where ${sims.captivateEntry} like ${like} limit 1`);
  return result.rows.length > 0;
}
