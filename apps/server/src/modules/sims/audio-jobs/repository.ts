import { JOB_KINDS } from '@sim/shared';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { jobs, simScripts, sims } from '../../../db/schema/index';
import type { JobRow } from '../../../jobs/types';
import type { ScriptRow } from '../shared/shape';

const KIND = JOB_KINDS.levelAudio;

/**
 * A script has no audio when it has neither a generated clip nor a recorded clip in use; those are the
 * scripts Generate All Missing Audio voices. The same rule in SQL and on a row.
 */
const missingAudio: SQL = sql`(${simScripts.audioKey} is null and not (${simScripts.agentRecordedAudio} and ${simScripts.agentRecordedKey} is not null))`;

export function lacksAudio(s: ScriptRow): boolean {
  return s.audioKey === null && !(s.agentRecordedAudio && s.agentRecordedKey !== null);
}

/** The ids of the level's scripts without audio, in script order. */
export async function scriptIdsMissingAudio(db: DbOrTx, levelId: string): Promise<string[]> {
  const rows = await db
    .select({ id: simScripts.id })
    .from(simScripts)
    .where(and(eq(simScripts.simLevelId, levelId), missingAudio))
    .orderBy(asc(simScripts.sortOrder), asc(simScripts.createdAt), asc(simScripts.id));
  return rows.map((r) => r.id);
}

export async function countMissingAudio(db: DbOrTx, levelId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(simScripts)
    .where(and(eq(simScripts.simLevelId, levelId), missingAudio));
  return n;
}

/** The company's sim, not in the trash, locked until the transaction ends (one job per level at a time). */
export async function lockActiveSim(tx: DbOrTx, companyId: string, simId: string) {
  const [row] = await tx
    .select({ id: sims.id })
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNull(sims.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function isSimActive(db: DbOrTx, companyId: string, simId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sims.id })
    .from(sims)
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNull(sims.deletedAt)));
  return row !== undefined;
}

const ofLevel = (companyId: string, simId: string, levelId: string) =>
  and(
    eq(jobs.companyId, companyId),
    eq(jobs.kind, KIND),
    sql`${jobs.payload}->>'sim_id' = ${simId}`,
    sql`${jobs.payload}->>'level_id' = ${levelId}`,
  );

/** The level's job still queued or running, if any. */
export async function activeJobOfLevel(db: DbOrTx, companyId: string, simId: string, levelId: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(ofLevel(companyId, simId, levelId), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ?? null;
}

/** The level's newest job, whatever its status. */
export async function newestJobOfLevel(db: DbOrTx, companyId: string, simId: string, levelId: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(ofLevel(companyId, simId, levelId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  return row ?? null;
}

/** An audio job of the company by id; null for another company's job or another kind. */
export async function audioJobOfCompany(db: DbOrTx, companyId: string, id: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId), eq(jobs.kind, KIND)));
  return row ?? null;
}
