import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignments, attemptLines, attempts, simLevels, simScripts, sims, tools, users } from '../../db/schema/index';

/**
 * Data access of results. Every query carries the company in its WHERE clause (directly, or through an
 * attempt or assignment already loaded with it). The review's writes are in review-repository.ts.
 */

export type AttemptRow = typeof attempts.$inferSelect;
export type LineRow = typeof attemptLines.$inferSelect;
export type LevelRow = typeof simLevels.$inferSelect;

/** What the result view shows of an assignment: its sim and product, its learner. */
export async function assignmentView(db: DbOrTx, companyId: string, assignmentId: string) {
  const [row] = await db
    .select({
      simTitle: sims.title,
      simType: sims.simType,
      simAutoPopulate: sims.autoPopulate,
      productName: sql<string>`coalesce(${tools.name}, '')`,
      productType: sql<string>`coalesce(${tools.type}, '')`,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicUrl: users.profilePicUrl,
    })
    .from(assignments)
    .innerJoin(sims, eq(sims.id, assignments.simId))
    .leftJoin(tools, eq(tools.id, sims.productId))
    .innerJoin(users, eq(users.id, assignments.assignedToId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.companyId, companyId)));
  return row ?? null;
}

/** A level of the sim (the sim already scoped to the caller's company), null otherwise. */
export async function findLevel(db: DbOrTx, simId: string, levelId: string): Promise<LevelRow | null> {
  const [row] = await db
    .select()
    .from(simLevels)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)));
  return row ?? null;
}

/** The attempt a result shows: the one given, else the latest completed one of the level (by completion). */
export async function resultAttempt(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  levelId: string,
  responseId?: string,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.companyId, companyId),
        eq(attempts.assignmentId, assignmentId),
        eq(attempts.simLevelId, levelId),
        eq(attempts.status, 'completed'),
        responseId ? eq(attempts.id, responseId) : undefined,
      ),
    )
    .orderBy(sql`${attempts.completedAt} desc nulls last`, desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return row ?? null;
}

/** The level of the attempt a review decides on: the one named, else the assignment's last completed one. */
export async function reviewedLevelId(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  responseId?: string | null,
): Promise<string | null> {
  const [row] = await db
    .select({ levelId: attempts.simLevelId })
    .from(attempts)
    .where(
      and(
        eq(attempts.companyId, companyId),
        eq(attempts.assignmentId, assignmentId),
        responseId ? eq(attempts.id, responseId) : eq(attempts.status, 'completed'),
      ),
    )
    .orderBy(sql`${attempts.completedAt} desc nulls last`, desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return row?.levelId ?? null;
}

/** The script of a learner's line (its sim of the company), null otherwise. */
export async function scriptOfLine(db: DbOrTx, companyId: string, scriptId: string) {
  const [row] = await db
    .select({ script: simScripts })
    .from(simScripts)
    .innerJoin(sims, eq(sims.id, simScripts.simId))
    .where(and(eq(simScripts.id, scriptId), eq(sims.companyId, companyId)));
  return row?.script ?? null;
}

/** A reviewer's keyword decision: the line's grade, its evidence and decisions (the line already locked). */
export async function updateLineGrade(
  db: DbOrTx,
  lineId: string,
  values: Pick<
    typeof attemptLines.$inferInsert,
    | 'correctKeywords'
    | 'missedKeywords'
    | 'testsMatched'
    | 'missedTests'
    | 'gradeScore'
    | 'passed'
    | 'phraseEvidence'
    | 'keywordOverrides'
  >,
): Promise<void> {
  await db.update(attemptLines).set(values).where(eq(attemptLines.id, lineId));
}

export function linesOf(db: DbOrTx, attemptId: string): Promise<LineRow[]> {
  return db.select().from(attemptLines).where(eq(attemptLines.attemptId, attemptId));
}

/** A recorded take of a line, with when its attempt started (to number and order the takes). */
export interface Take {
  lineId: string;
  attemptId: string;
  simScriptId: string;
  audioKey: string;
  recordedAt: Date | null;
  gradeScore: number;
  attemptStartedAt: Date;
}

/**
 * Every recorded take of these scripts by the learner on the assignment (any attempt), oldest first.
 * Bounded by the learner's attempts of one assignment.
 */
export async function takesOf(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  userId: string,
  scriptIds: string[],
): Promise<Take[]> {
  if (!scriptIds.length) return [];
  return db
    .select({
      lineId: attemptLines.id,
      attemptId: attempts.id,
      simScriptId: attemptLines.simScriptId,
      audioKey: sql<string>`${attemptLines.audioKey}`,
      recordedAt: attemptLines.recordedAt,
      gradeScore: attemptLines.gradeScore,
      attemptStartedAt: attempts.startedAt,
    })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .where(
      and(
        eq(attempts.companyId, companyId),
        eq(attempts.assignmentId, assignmentId),
        eq(attempts.userId, userId),
        inArray(attemptLines.simScriptId, scriptIds),
        isNotNull(attemptLines.audioKey),
      ),
    )
    .orderBy(asc(attempts.startedAt), asc(attempts.id));
}

/**
 * Whether every level of the sim has a completed attempt of the assignment, and whether every line of the
 * latest completed attempt of each completed level is graded ('Completed'; a Pending line is still being
 * processed, a Failed one needs the level taken again). The same reading as the assignments module's
 * send_for_review. One statement.
 */
export async function sendFacts(db: DbOrTx, assignmentId: string, simId: string) {
  const latest = sql`(select distinct on (${attempts.simLevelId}) ${attempts.id} as id, ${attempts.simLevelId} as level_id
      from ${attempts}
      where ${attempts.assignmentId} = ${assignmentId} and ${attempts.status} = 'completed'
      order by ${attempts.simLevelId}, ${attempts.completedAt} desc nulls last, ${attempts.startedAt} desc, ${attempts.id} desc)`;
  const result = await db.execute<{ all_levels: boolean; all_audio: boolean }>(sql`
    with latest as ${latest}
    select
      exists (select 1 from ${simLevels} where ${simLevels.simId} = ${simId})
        and not exists (
          select 1 from ${simLevels}
          where ${simLevels.simId} = ${simId} and ${simLevels.id} not in (select level_id from latest)
        ) as all_levels,
      not exists (
        select 1 from ${attemptLines}
        where ${attemptLines.attemptId} in (select id from latest) and ${attemptLines.status} <> 'Completed'
      ) as all_audio`);
  const row = result.rows[0];
  return { allLevelsCompleted: row?.all_levels === true, allAudioProcessed: row?.all_audio === true };
}

/** Whether the attempt is one of the assignment's. */
export async function isAttemptOf(db: DbOrTx, companyId: string, assignmentId: string, attemptId: string) {
  const [row] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.assignmentId, assignmentId), eq(attempts.companyId, companyId)));
  return Boolean(row);
}

// ---- assessor notes ----

export async function saveAssessorNotes(db: DbOrTx, companyId: string, attemptId: string, notes: string | null) {
  await db
    .update(attempts)
    .set({ assessorNotes: notes })
    .where(and(eq(attempts.id, attemptId), eq(attempts.companyId, companyId)));
}

// ---- the assignment's history ----

/** The attempts of an assignment with their level, newest first. */
export function historyOf(db: DbOrTx, companyId: string, assignmentId: string) {
  return db
    .select({ attempt: attempts, levelName: simLevels.name, levelOrder: simLevels.sortOrder })
    .from(attempts)
    .innerJoin(simLevels, eq(simLevels.id, attempts.simLevelId))
    .where(and(eq(attempts.companyId, companyId), eq(attempts.assignmentId, assignmentId)))
    .orderBy(desc(attempts.startedAt), desc(attempts.id));
}
