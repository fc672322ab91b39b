import { gradeLine, levelFigures, NOT_APPLICABLE, PRODUCT_TYPE_VOICE_ONLY } from '@sim/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  appMeta,
  assignments,
  attemptLines,
  attempts,
  simCharacters,
  simLevels,
  simScripts,
  sims,
  tools,
  users,
} from '../db/schema/index';

const SEED_KEY = 'demo_assignments_seed';
const SIM_SEED_KEY = 'demo_sim_seed';
const DAY = 86_400_000;

/** The demo assignments: agent@demo.local in three states, agent2@demo.local one to start. */
export const DEMO_ASSIGNMENTS = [
  {
    email: 'agent@demo.local',
    status: 'NOT STARTED',
    notes: 'Refresher: take every level again before your first live shift.',
    daysAgo: 1,
  },
  {
    email: 'agent@demo.local',
    status: 'IN PROGRESS',
    notes: 'Practise the greeting and the identity check until they feel natural.',
    daysAgo: 4,
  },
  {
    email: 'agent@demo.local',
    status: 'COMPLETED',
    notes: 'Your first call simulation: take each level once, then send it for review.',
    daysAgo: 9,
  },
  {
    email: 'agent2@demo.local',
    status: 'NOT STARTED',
    notes: 'Your first call simulation: take each level once, then send it for review.',
    daysAgo: 2,
  },
] as const;

const figure = (value: number | typeof NOT_APPLICABLE) => (value === NOT_APPLICABLE ? null : value);

/**
 * A completed attempt of every level of the sim for the assignment: each agent line "said" as written,
 * graded by the shared grading module, so results, figures and send_for_review agree with what the take-sim
 * flow would have stored (no recording audio: the result shows the transcript only).
 */
async function completeEveryLevel(
  tx: DbOrTx,
  a: { companyId: string; assignmentId: string; userId: string; simId: string; voiceOnly: boolean; at: Date },
) {
  const levels = await tx
    .select()
    .from(simLevels)
    .where(eq(simLevels.simId, a.simId))
    .orderBy(asc(simLevels.sortOrder));
  let at = a.at.getTime();
  for (const level of levels) {
    const lines = await tx
      .select({ script: simScripts })
      .from(simScripts)
      .innerJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
      .where(and(eq(simScripts.simLevelId, level.id), eq(simCharacters.type, 'agent')))
      .orderBy(asc(simScripts.sortOrder));
    const graded = lines.map(({ script }) => ({
      script,
      result: gradeLine({
        transcript: script.script,
        keywords: script.keywords,
        tests: script.tests,
        natural_lenguage: script.naturalLenguage,
        overalConfidence: script.overalConfidence,
      }),
    }));
    const figures = levelFigures(
      graded.map((g) => g.result),
      { levelOrder: level.sortOrder, keyword_score: level.keywordScore, voiceOnly: a.voiceOnly },
    );
    const startedAt = new Date(at);
    const totalSeconds = 120 + 45 * lines.length;
    const completedAt = new Date(at + totalSeconds * 1000);
    at = completedAt.getTime() + 3_600_000;
    const [attempt] = await tx
      .insert(attempts)
      .values({
        companyId: a.companyId,
        assignmentId: a.assignmentId,
        userId: a.userId,
        simId: a.simId,
        simLevelId: level.id,
        mode: 'practice',
        status: 'completed',
        activeIndex: 0,
        totalSeconds,
        wrapSeconds: 30,
        keywordAccuracy: figure(figures.keyword_accuracy),
        typingAccuracy: figure(figures.typing_accuracy),
        dataSelectionAccuracy: figure(figures.data_selection_accuracy),
        overallPercentage: figure(figures.overall_accuracy),
        startedAt,
        completedAt,
        updatedAt: completedAt,
      })
      .returning({ id: attempts.id });
    if (graded.length)
      await tx.insert(attemptLines).values(
        graded.map(({ script, result }) => ({
          attemptId: attempt.id,
          simScriptId: script.id,
          liveTranscript: script.script,
          transcription: script.script,
          correctKeywords: result.correctKeywords,
          missedKeywords: result.missedKeywords,
          testsMatched: result.tests_matched,
          missedTests: result.missed_tests,
          gradeScore: result.grade_score,
          passed: result.passed,
          status: 'Completed',
          recordedAt: startedAt,
          gradedAt: completedAt,
          createdAt: startedAt,
        })),
      );
  }
  return new Date(at);
}

/**
 * Seeds the demo assignments once (its own marker), after the demo company and its sim exist: for
 * agent@demo.local one NOT STARTED, one IN PROGRESS (an attempt of the first level under way) and one
 * COMPLETED (a graded, completed attempt of every level; its badge still unopened); for agent2@demo.local
 * one NOT STARTED. Assigned by the demo manager. Answers whether it seeded.
 */
export async function seedDemoAssignments(db: Db, companyId: string, now = new Date()): Promise<boolean> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (done) return false;
  const [simMeta] = await db.select().from(appMeta).where(eq(appMeta.key, SIM_SEED_KEY));
  const simId = (simMeta?.value as { simId?: string } | undefined)?.simId;
  if (!simId) return false;
  const [sim] = await db
    .select({ id: sims.id, productId: sims.productId, productType: tools.type })
    .from(sims)
    .innerJoin(tools, eq(tools.id, sims.productId))
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId)));
  if (!sim) return false;
  const emails = [...new Set([...DEMO_ASSIGNMENTS.map((a) => a.email), 'manager@demo.local'])];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.email, emails)));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  if (DEMO_ASSIGNMENTS.some((a) => !idOf.has(a.email))) return false;

  return db.transaction(async (tx) => {
    const [first] = await tx
      .select({ id: simLevels.id })
      .from(simLevels)
      .where(eq(simLevels.simId, sim.id))
      .orderBy(asc(simLevels.sortOrder))
      .limit(1);
    for (const a of DEMO_ASSIGNMENTS) {
      const userId = idOf.get(a.email)!;
      const assignedOn = new Date(now.getTime() - a.daysAgo * DAY);
      const started = a.status !== 'NOT STARTED' ? new Date(assignedOn.getTime() + DAY / 2) : null;
      const [row] = await tx
        .insert(assignments)
        .values({
          companyId,
          simId: sim.id,
          toolId: sim.productId,
          assignedToId: userId,
          assignedById: idOf.get('manager@demo.local') ?? null,
          notes: a.notes,
          status: a.status,
          startDate: started,
          createdAt: assignedOn,
          updatedAt: started ?? assignedOn,
        })
        .returning({ id: assignments.id });
      if (a.status === 'IN PROGRESS' && first && started)
        await tx.insert(attempts).values({
          companyId,
          assignmentId: row.id,
          userId,
          simId: sim.id,
          simLevelId: first.id,
          mode: 'practice',
          status: 'started',
          activeIndex: 2,
          startedAt: started,
          updatedAt: started,
        });
      if (a.status === 'COMPLETED' && started) {
        const completedOn = await completeEveryLevel(tx, {
          companyId,
          assignmentId: row.id,
          userId,
          simId: sim.id,
          voiceOnly: sim.productType.includes(PRODUCT_TYPE_VOICE_ONLY),
          at: started,
        });
        await tx.update(assignments).set({ completedOn, updatedAt: completedOn }).where(eq(assignments.id, row.id));
      }
    }
    await tx.insert(appMeta).values({ key: SEED_KEY, value: { simId: sim.id } });
    return true;
  });
}
