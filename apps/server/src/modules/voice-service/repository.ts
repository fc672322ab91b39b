import type { SnowflyStatus } from '@sim/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attemptLines, attempts, jobs, simLevels, sims } from '../../db/schema/index';

/** Data access of the hand-off to the voice-recording service: every query carries the company. */

/** An attempt with what the hand-off sends and checks: the sim's title, the level's name, order and flag. */
export interface HandOffAttempt {
  id: string;
  companyId: string;
  userId: string;
  status: string;
  simId: string;
  simLevelId: string;
  withoutCoach: boolean;
  sendToSnowfly: boolean;
  snowflyId: string | null;
  snowflyStatus: SnowflyStatus | null;
  snowflyError: string | null;
  simName: string;
  levelName: string;
  levelOrder: number;
  levelSendToSnowfly: boolean;
}

/** The company's attempt (null otherwise); `lock` holds its row until the transaction ends. */
export async function findHandOffAttempt(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<HandOffAttempt | null> {
  const query = db
    .select({
      id: attempts.id,
      companyId: attempts.companyId,
      userId: attempts.userId,
      status: attempts.status,
      simId: attempts.simId,
      simLevelId: attempts.simLevelId,
      withoutCoach: attempts.withoutCoach,
      sendToSnowfly: attempts.sendToSnowfly,
      snowflyId: attempts.snowflyId,
      snowflyStatus: attempts.snowflyStatus,
      snowflyError: attempts.snowflyError,
      simName: sims.title,
      levelName: simLevels.name,
      levelOrder: simLevels.sortOrder,
      levelSendToSnowfly: simLevels.sendToSnowfly,
    })
    .from(attempts)
    .innerJoin(sims, eq(sims.id, attempts.simId))
    .innerJoin(simLevels, eq(simLevels.id, attempts.simLevelId))
    .where(and(eq(attempts.id, id), eq(attempts.companyId, companyId)));
  const [row] = opts.lock ? await query.for('update', { of: attempts }) : await query;
  return row ? { ...row, snowflyStatus: row.snowflyStatus as SnowflyStatus | null } : null;
}

/** The learner's recordings of the attempt's lines, by script id. */
export async function recordingsOf(db: DbOrTx, companyId: string, attemptId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ scriptId: attemptLines.simScriptId, audioKey: attemptLines.audioKey })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .where(and(eq(attemptLines.attemptId, attemptId), eq(attempts.companyId, companyId)));
  return new Map(rows.flatMap((r) => (r.audioKey ? [[r.scriptId, r.audioKey] as const] : [])));
}

/** The hand-off's state on the attempt; `whileQueued` writes only while the attempt still waits for this job. */
export async function setHandOff(
  db: DbOrTx,
  companyId: string,
  attemptId: string,
  values: { snowflyStatus: SnowflyStatus; snowflyId?: string | null; snowflyError: string | null },
  opts: { whileQueued?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(attempts)
    .set(values)
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.companyId, companyId),
        opts.whileQueued ? eq(attempts.snowflyStatus, 'queued') : undefined,
      ),
    )
    .returning({ id: attempts.id });
  return rows.length > 0;
}

/** The newest hand-off job of the attempt (its status and error), or null. */
export async function latestHandOffJob(
  db: DbOrTx,
  companyId: string,
  kind: string,
  attemptId: string,
): Promise<{ id: string; status: string; error: string | null } | null> {
  const [row] = await db
    .select({ id: jobs.id, status: jobs.status, error: jobs.error })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, kind), sql`${jobs.payload}->>'attempt_id' = ${attemptId}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  return row ?? null;
}

/** A job still to run or running (its hand-off is alive). */
export const LIVE_JOB_STATUSES = ['queued', 'running'] as const;
export const isLive = (status: string) => (LIVE_JOB_STATUSES as readonly string[]).includes(status);
