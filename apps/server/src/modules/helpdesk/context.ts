import { HELPDESK_MESSAGES as M } from '@sim/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignments, attempts, simLevels, simScripts, sims } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { Invalid, NotFound } from '../../lib/errors';
import { assertCanNameAssignment } from '../../policies/helpdesk';

/**
 * Where a help request comes from (the create payload's sim_id, level_id, script and assignment_id): every
 * id must be of the caller's company (404, as a missing one), a learner's account may name only its own
 * assignment, the level must be the sim's and the step the level's (400). Without a step, the step is the
 * one the learner's latest attempt of that assignment and level is at (the take-sim screen keeps its
 * active index), so a learner who asks from inside a level sends the line they are stuck on.
 */

export interface ContextInput {
  sim_id?: string | null;
  level_id?: string | null;
  script?: number | null;
  assignment_id?: string | null;
}

export interface TicketContext {
  simId: string | null;
  simLevelId: string | null;
  simScriptId: string | null;
  assignmentId: string | null;
  attemptId: string | null;
}

const gone = () => NotFound(M.notFound);

async function companySim(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: sims.id })
    .from(sims)
    .where(and(eq(sims.id, id), eq(sims.companyId, companyId)));
  return row ?? null;
}

async function companyLevel(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: simLevels.id, simId: simLevels.simId })
    .from(simLevels)
    .innerJoin(sims, eq(sims.id, simLevels.simId))
    .where(and(eq(simLevels.id, id), eq(sims.companyId, companyId)));
  return row ?? null;
}

async function companyAssignment(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: assignments.id, simId: assignments.simId, learnerId: assignments.assignedToId })
    .from(assignments)
    .where(and(eq(assignments.id, id), eq(assignments.companyId, companyId)));
  return row ?? null;
}

/** The learner's latest attempt of the level on the assignment, with the step it is at. */
async function latestAttempt(db: DbOrTx, assignmentId: string, levelId: string, learnerId: string) {
  const [row] = await db
    .select({ id: attempts.id, activeIndex: attempts.activeIndex })
    .from(attempts)
    .where(
      and(eq(attempts.assignmentId, assignmentId), eq(attempts.simLevelId, levelId), eq(attempts.userId, learnerId)),
    )
    .orderBy(desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  return row ?? null;
}

/** The level's script at a step (its order, from 1), or at a position of the ordered list (from 0). */
async function scriptOf(db: DbOrTx, levelId: string, at: { step: number } | { index: number }) {
  const query = db
    .select({ id: simScripts.id })
    .from(simScripts)
    .where(and(eq(simScripts.simLevelId, levelId), 'step' in at ? eq(simScripts.sortOrder, at.step) : undefined))
    .orderBy(asc(simScripts.sortOrder), asc(simScripts.id))
    .limit(1);
  const [row] = await ('index' in at ? query.offset(Math.max(0, at.index)) : query);
  return row ?? null;
}

export async function resolveContext(db: DbOrTx, actor: Actor, input: ContextInput): Promise<TicketContext> {
  const out: TicketContext = { simId: null, simLevelId: null, simScriptId: null, assignmentId: null, attemptId: null };
  let learnerId = actor.userId;
  if (input.assignment_id) {
    const assignment = await companyAssignment(db, actor.companyId, input.assignment_id);
    assertCanNameAssignment(actor, assignment); // the company is in the query's WHERE
    if (input.sim_id && input.sim_id !== assignment.simId) throw Invalid(M.assignmentNotOfSim, 'assignment_id');
    out.assignmentId = assignment.id;
    out.simId = assignment.simId;
    learnerId = assignment.learnerId;
  }
  if (input.sim_id && !out.simId) {
    if (!(await companySim(db, actor.companyId, input.sim_id))) throw gone();
    out.simId = input.sim_id;
  }
  if (input.level_id) {
    const level = await companyLevel(db, actor.companyId, input.level_id);
    if (!level) throw gone();
    if (out.simId && level.simId !== out.simId) throw Invalid(M.levelNotOfSim, 'level_id');
    out.simId = level.simId;
    out.simLevelId = level.id;
  }
  const step = input.script ?? -1;
  if (!out.simLevelId) {
    if (step >= 1) throw Invalid(M.scriptNotOfLevel, 'script');
    return out;
  }
  const attempt = out.assignmentId ? await latestAttempt(db, out.assignmentId, out.simLevelId, learnerId) : null;
  out.attemptId = attempt?.id ?? null;
  if (step >= 1) {
    const script = await scriptOf(db, out.simLevelId, { step });
    if (!script) throw Invalid(M.scriptNotOfLevel, 'script');
    out.simScriptId = script.id;
  } else if (attempt)
    out.simScriptId = (await scriptOf(db, out.simLevelId, { index: attempt.activeIndex }))?.id ?? null;
  return out;
}
