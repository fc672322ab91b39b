import type { AssignmentStatus } from '@sim/shared';
import { and, asc, eq } from 'drizzle-orm';
import {
  assignments,
  attemptLines,
  attempts,
  simCharacters,
  simLevels,
  simScripts,
  sims,
} from '../../src/db/schema/index';
import type { DbSeed } from './company';

export type TestAssignment = typeof assignments.$inferSelect;

/**
 * An assignment written straight to the database (no rule checked: a builder may make what the API
 * refuses). The tool is the sim's product unless given; dates follow the status unless given: IN PROGRESS
 * has a start date, the done statuses also a completion date, PENDING REVIEW a sent-for-review date, PASS /
 * NO PASS a review date.
 */
export async function buildAssignment(
  seed: DbSeed,
  values: { companyId: string; simId: string; userId: string; status?: AssignmentStatus } & Partial<
    Omit<typeof assignments.$inferInsert, 'companyId' | 'simId' | 'assignedToId' | 'status'>
  >,
): Promise<TestAssignment> {
  const { companyId, simId, userId, status = 'NOT STARTED', ...fields } = values;
  const [sim] = await seed.db.select({ productId: sims.productId }).from(sims).where(eq(sims.id, simId));
  const at = fields.createdAt ?? new Date();
  const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
  const started = status !== 'NOT STARTED';
  const done = started && status !== 'IN PROGRESS';
  const reviewed = status === 'PASS' || status === 'NO PASS';
  const [row] = await seed.db
    .insert(assignments)
    .values({
      toolId: sim.productId,
      startDate: started ? later(10) : null,
      completedOn: done ? later(60) : null,
      sendForReviewDate: status === 'PENDING REVIEW' || reviewed ? later(70) : null,
      dateOfReview: reviewed ? later(120) : null,
      createdAt: at,
      updatedAt: at,
      ...fields,
      companyId,
      simId,
      assignedToId: userId,
      status,
    })
    .returning();
  return row;
}

/**
 * An attempt of each level of the assignment's sim (or of the levels given), with a line for each agent
 * script of the level. `attempt` sets the attempts' status (completed by default); `line` the lines' status
 * (Completed by default).
 */
export async function buildLevelAttempts(
  seed: DbSeed,
  assignment: Pick<TestAssignment, 'id' | 'companyId' | 'simId' | 'assignedToId'>,
  opts: {
    levelIds?: string[];
    attempt?: 'started' | 'completed' | 'exited';
    line?: 'Pending' | 'Completed' | 'Failed';
    at?: Date;
  } = {},
): Promise<string[]> {
  const levels = await seed.db
    .select({ id: simLevels.id })
    .from(simLevels)
    .where(eq(simLevels.simId, assignment.simId))
    .orderBy(asc(simLevels.sortOrder));
  const ids: string[] = [];
  const at = opts.at ?? new Date();
  for (const level of levels) {
    if (opts.levelIds && !opts.levelIds.includes(level.id)) continue;
    const completed = (opts.attempt ?? 'completed') === 'completed';
    const [attempt] = await seed.db
      .insert(attempts)
      .values({
        companyId: assignment.companyId,
        assignmentId: assignment.id,
        userId: assignment.assignedToId,
        simId: assignment.simId,
        simLevelId: level.id,
        mode: 'practice',
        status: opts.attempt ?? 'completed',
        startedAt: at,
        completedAt: completed ? at : null,
      })
      .returning({ id: attempts.id });
    const agentLines = await seed.db
      .select({ id: simScripts.id })
      .from(simScripts)
      .innerJoin(simCharacters, eq(simCharacters.id, simScripts.simCharacterId))
      .where(and(eq(simScripts.simLevelId, level.id), eq(simCharacters.type, 'agent')));
    const agents = agentLines.map((s) => s.id);
    if (agents.length)
      await seed.db
        .insert(attemptLines)
        .values(
          agents.map((simScriptId) => ({ attemptId: attempt.id, simScriptId, status: opts.line ?? 'Completed' })),
        );
    ids.push(attempt.id);
  }
  return ids;
}
