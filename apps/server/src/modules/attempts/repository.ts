import type { TGradedTest, TKeywordOverride, TPhraseEvidence, TTranscriptWord } from '@sim/shared';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  assignments,
  attemptLines,
  attempts,
  simCharacters,
  simLevels,
  simScripts,
  sims,
  tools,
} from '../../db/schema/index';

/** Data access of taking a sim: every query carries the company in its WHERE clause. */

export type AttemptRow = typeof attempts.$inferSelect;
export type AttemptInsert = typeof attempts.$inferInsert;
export type LineRow = typeof attemptLines.$inferSelect;
export type ScriptRow = typeof simScripts.$inferSelect;

/** One assignment of the company (the assignments module's reading: the same rows the dashboard shows). */
export { type AssignmentRow, findAssignment } from '../assignments/service';

export async function updateAssignment(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<typeof assignments.$inferInsert>,
): Promise<void> {
  await db
    .update(assignments)
    .set(values)
    .where(and(eq(assignments.id, id), eq(assignments.companyId, companyId)));
}

/** What grading and the figures need of a sim: its kind, flags and product type. */
export interface SimFacts {
  id: string;
  simType: string;
  autoPopulate: boolean;
  realTimeFeedback: boolean;
  productType: string;
}

export async function simFacts(db: DbOrTx, companyId: string, simId: string): Promise<SimFacts | null> {
  const [row] = await db
    .select({
      id: sims.id,
      simType: sims.simType,
      autoPopulate: sims.autoPopulate,
      realTimeFeedback: sims.realTimeFeedback,
      productType: tools.type,
    })
    .from(sims)
    .innerJoin(tools, eq(tools.id, sims.productId))
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId)));
  return row ?? null;
}

export type LevelRow = typeof simLevels.$inferSelect;

/** A level of the sim (the sim already scoped to the caller's company), null otherwise. */
export async function findLevel(db: DbOrTx, simId: string, levelId: string): Promise<LevelRow | null> {
  const [row] = await db
    .select()
    .from(simLevels)
    .where(and(eq(simLevels.id, levelId), eq(simLevels.simId, simId)));
  return row ?? null;
}

/** The ids of the sim's levels. */
export async function levelIdsOf(db: DbOrTx, simId: string): Promise<string[]> {
  const rows = await db.select({ id: simLevels.id }).from(simLevels).where(eq(simLevels.simId, simId));
  return rows.map((r) => r.id);
}

const agentCharacter = and(eq(simCharacters.id, simScripts.simCharacterId), eq(simCharacters.type, 'agent'));

/**
 * The learner's turns of a level, in order: its agent lines when the level converts the agent, none on a
 * level the learner only listens to (DECISIONS.md section 3, issue 31: shared isLearnerTurn).
 */
export async function agentScriptsOf(db: DbOrTx, levelId: string): Promise<ScriptRow[]> {
  const rows = await db
    .select({ script: simScripts })
    .from(simScripts)
    .innerJoin(simCharacters, agentCharacter)
    .innerJoin(simLevels, and(eq(simLevels.id, simScripts.simLevelId), eq(simLevels.convertAgent, true)))
    .where(eq(simScripts.simLevelId, levelId))
    .orderBy(asc(simScripts.sortOrder), asc(simScripts.createdAt), asc(simScripts.id));
  return rows.map((r) => r.script);
}

/** One agent line of a level, null when the script is not one (another level, another character, absent). */
export async function findAgentScript(db: DbOrTx, levelId: string, scriptId: string): Promise<ScriptRow | null> {
  const [row] = await db
    .select({ script: simScripts })
    .from(simScripts)
    .innerJoin(simCharacters, agentCharacter)
    .where(and(eq(simScripts.id, scriptId), eq(simScripts.simLevelId, levelId)));
  return row?.script ?? null;
}

// ---- attempts ----

/** An attempt of the company, null otherwise. `lock`: FOR UPDATE (after the assignment's lock, if any). */
export async function findAttempt(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<AttemptRow | null> {
  const query = db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.companyId, companyId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertAttempt(db: DbOrTx, values: AttemptInsert): Promise<AttemptRow> {
  const [row] = await db.insert(attempts).values(values).returning();
  return row;
}

export async function updateAttempt(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<AttemptInsert>,
): Promise<AttemptRow> {
  const [row] = await db
    .update(attempts)
    .set(values)
    .where(and(eq(attempts.id, id), eq(attempts.companyId, companyId)))
    .returning();
  return row;
}

/** START OVER: the started attempts of the assignment's level become exited. */
export async function exitStartedAttempts(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  levelId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(attempts)
    .set({ status: 'exited', exitOrRestart: true, updatedAt: now })
    .where(
      and(
        eq(attempts.companyId, companyId),
        eq(attempts.assignmentId, assignmentId),
        eq(attempts.simLevelId, levelId),
        eq(attempts.status, 'started'),
      ),
    )
    .returning({ id: attempts.id });
  return rows.map((r) => r.id);
}

/** The latest started attempt of the assignment's level (the one RESUME continues), null when none. */
export async function latestStarted(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  levelId: string,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.companyId, companyId),
        eq(attempts.assignmentId, assignmentId),
        eq(attempts.simLevelId, levelId),
        eq(attempts.status, 'started'),
      ),
    )
    .orderBy(desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return row ?? null;
}

/** Attempts and completed attempts per level of an assignment. */
export async function attemptCounts(db: DbOrTx, companyId: string, assignmentId: string) {
  return db
    .select({
      levelId: attempts.simLevelId,
      total: count(),
      completed: sql<number>`(count(*) filter (where ${attempts.status} = 'completed'))::int`,
    })
    .from(attempts)
    .where(and(eq(attempts.companyId, companyId), eq(attempts.assignmentId, assignmentId)))
    .groupBy(attempts.simLevelId);
}

/** Per level of an assignment, its latest attempt of this status (completed: by completion time). */
export async function latestPerLevel(
  db: DbOrTx,
  companyId: string,
  assignmentId: string,
  status: 'completed' | 'started',
): Promise<AttemptRow[]> {
  const when = status === 'completed' ? attempts.completedAt : attempts.startedAt;
  return db
    .selectDistinctOn([attempts.simLevelId])
    .from(attempts)
    .where(and(eq(attempts.companyId, companyId), eq(attempts.assignmentId, assignmentId), eq(attempts.status, status)))
    .orderBy(attempts.simLevelId, sql`${when} desc nulls last`, desc(attempts.startedAt), desc(attempts.id));
}

/** The levels of the assignment that have a completed attempt. */
export async function completedLevelIds(db: DbOrTx, companyId: string, assignmentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: attempts.simLevelId })
    .from(attempts)
    .where(
      and(eq(attempts.companyId, companyId), eq(attempts.assignmentId, assignmentId), eq(attempts.status, 'completed')),
    );
  return rows.map((r) => r.id);
}

// ---- lines (the learner's takes of agent lines) ----

/** The line of (attempt, script), made on first call. */
export async function upsertLine(db: DbOrTx, attemptId: string, scriptId: string): Promise<LineRow> {
  await db.insert(attemptLines).values({ attemptId, simScriptId: scriptId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(attemptLines)
    .where(and(eq(attemptLines.attemptId, attemptId), eq(attemptLines.simScriptId, scriptId)));
  return row;
}

/** A line with its attempt, of the company; null otherwise. `lock`: FOR UPDATE of both rows. */
export async function findLine(
  db: DbOrTx,
  companyId: string,
  lineId: string,
  opts: { lock?: boolean } = {},
): Promise<{ line: LineRow; attempt: AttemptRow } | null> {
  const query = db
    .select({ line: attemptLines, attempt: attempts })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .where(and(eq(attemptLines.id, lineId), eq(attempts.companyId, companyId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The lines of an attempt (the company scoped through the attempt). */
export function linesOf(db: DbOrTx, companyId: string, attemptId: string): Promise<LineRow[]> {
  return db
    .select({ line: attemptLines })
    .from(attemptLines)
    .innerJoin(attempts, eq(attempts.id, attemptLines.attemptId))
    .where(and(eq(attemptLines.attemptId, attemptId), eq(attempts.companyId, companyId)))
    .then((rows) => rows.map((r) => r.line));
}

/** A line back to its first state: no recording, no transcript, no result, Pending. */
export const CLEARED_LINE = {
  audioKey: null,
  liveTranscript: '',
  transcription: '',
  words: [] as TTranscriptWord[],
  gradedFrom: null,
  correctKeywords: [] as string[],
  missedKeywords: [] as string[],
  testsMatched: [] as TGradedTest[],
  missedTests: [] as TGradedTest[],
  phraseEvidence: [] as TPhraseEvidence[],
  keywordOverrides: [] as TKeywordOverride[],
  gradeScore: 0,
  passed: false,
  status: 'Pending',
  recordedAt: null,
  gradedAt: null,
} satisfies Partial<typeof attemptLines.$inferInsert>;

export async function updateLine(
  db: DbOrTx,
  lineId: string,
  values: Partial<typeof attemptLines.$inferInsert>,
  guard?: { audioKey: string },
): Promise<boolean> {
  const rows = await db
    .update(attemptLines)
    .set(values)
    .where(and(eq(attemptLines.id, lineId), guard ? eq(attemptLines.audioKey, guard.audioKey) : undefined))
    .returning({ id: attemptLines.id });
  return rows.length > 0;
}

/** A completed attempt keeps only the lines that were recorded (a line id asked for and never used goes). */
export async function dropUnrecordedLines(db: DbOrTx, attemptId: string): Promise<void> {
  await db.delete(attemptLines).where(and(eq(attemptLines.attemptId, attemptId), isNull(attemptLines.audioKey)));
}

/** A script by id (the caller reached it through a line of its company). */
export async function findScript(db: DbOrTx, scriptId: string): Promise<ScriptRow | null> {
  const [row] = await db.select().from(simScripts).where(eq(simScripts.id, scriptId));
  return row ?? null;
}
