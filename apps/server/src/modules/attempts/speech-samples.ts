import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attemptLines, attempts, simScripts } from '../../db/schema/index';
import type { BlobStore } from '../../lib/blob-store';

/**
 * A learner's passed recordings, as speech adaptation reads them (speech/adaptation.ts, issue 30: the speech
 * module does not read the attempts tables). A passed line was said as written, so its script is a
 * trustworthy transcript of its recording. A leaf of the attempts module, free of its services, so that the
 * speech module (which the attempts' grading job uses) can import it without a cycle.
 */
function passedLines(companyId: string, userId: string) {
  return and(
    eq(attempts.userId, userId),
    eq(attempts.companyId, companyId),
    eq(attemptLines.passed, true),
    eq(attemptLines.status, 'Completed'),
    sql`${attemptLines.audioKey} is not null`,
  );
}

/** How many recorded lines of the learner's own attempts in the company passed. */
export async function passedLineCount(db: DbOrTx, companyId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .where(passedLines(companyId, userId));
  return row?.n ?? 0;
}

/** The learner's latest `limit` passed recordings (those still in the file store) with the lines' text. */
export async function passedRecordings(
  deps: { db: DbOrTx; blobs: Pick<BlobStore, 'get'> },
  companyId: string,
  userId: string,
  limit: number,
): Promise<{ audio: Buffer; text: string }[]> {
  const rows = await deps.db
    .select({ audioKey: attemptLines.audioKey, text: simScripts.script })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .innerJoin(simScripts, eq(simScripts.id, attemptLines.simScriptId))
    .where(passedLines(companyId, userId))
    .orderBy(desc(attemptLines.gradedAt))
    .limit(limit);
  const out: { audio: Buffer; text: string }[] = [];
  for (const row of rows) {
    const stored = row.audioKey ? await deps.blobs.get(row.audioKey) : null;
    if (stored) out.push({ audio: stored.data, text: row.text });
  }
  return out;
}
