import {
  ATTEMPT_MESSAGES,
  type AttemptMode,
  isListeningLevel,
  LEVEL_ORDER_WITHOUT_PRACTICE,
  TAKE_SIM_MESSAGES,
} from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Invalid, NotFound, RuleBroken } from '../../lib/errors';
import { assertCanReadAssignment, assertCanWriteAttempt } from '../../policies/attempt';
import * as repo from './repository';

/** Loading the records of taking a sim, each scoped to the caller's company and checked by the policy. */

export const levelGone = () => NotFound(TAKE_SIM_MESSAGES.levelNotAssigned);
export const attemptGone = () => NotFound(TAKE_SIM_MESSAGES.attemptNotFound);

/** The assignment's level: 404 "This level is not part of the assignment" for any other sim or level. */
export async function levelOf(db: DbOrTx, assignment: repo.AssignmentRow, simId: string | undefined, levelId: string) {
  if (simId !== undefined && simId !== assignment.simId) throw levelGone();
  const level = await repo.findLevel(db, assignment.simId, levelId);
  if (!level) throw levelGone();
  return level;
}

export async function factsOf(db: DbOrTx, companyId: string, simId: string): Promise<repo.SimFacts> {
  const facts = await repo.simFacts(db, companyId, simId);
  if (!facts) throw NotFound();
  return facts;
}

/** Hiring sims and level order 4 are played in autoplay only (the web offers no practice; 400 otherwise). */
export function assertModeAllowed(mode: AttemptMode, sim: repo.SimFacts, level: repo.LevelRow): void {
  if (mode === 'practice' && (sim.simType === 'hiring' || level.sortOrder === LEVEL_ORDER_WITHOUT_PRACTICE))
    throw Invalid(ATTEMPT_MESSAGES.autoplayOnly, 'mode');
}

export async function readableAssignment(deps: AppDeps, actor: Actor, id: string): Promise<repo.AssignmentRow> {
  const assignment = await repo.findAssignment(deps.db, actor.companyId, id);
  assertCanReadAssignment(actor, assignment);
  return assignment;
}

/** Loads the caller's attempt (company-scoped), asserts it may be written, and that it is of this sim/level. */
export async function writableAttempt(
  db: DbOrTx,
  actor: Actor,
  id: string,
  of: { simId?: string; simLevelId?: string; assignmentId?: string } = {},
  opts: { lock?: boolean; finished?: 'allowed' } = {},
): Promise<repo.AttemptRow> {
  const attempt = await repo.findAttempt(db, actor.companyId, id, { lock: opts.lock });
  assertCanWriteAttempt(actor, attempt, { finished: opts.finished });
  if (
    (of.simId !== undefined && of.simId !== attempt.simId) ||
    (of.simLevelId !== undefined && of.simLevelId !== attempt.simLevelId) ||
    (of.assignmentId !== undefined && of.assignmentId !== attempt.assignmentId)
  )
    throw attemptGone();
  return attempt;
}

/**
 * A line of the attempt's level that is the learner's turn (what a recording or a line id may name): an
 * agent line of the level (400 otherwise), on a level that converts the agent (422 on a level the learner
 * only listens to: DECISIONS.md section 3, issue 31).
 */
export async function learnerScript(
  db: DbOrTx,
  attempt: Pick<repo.AttemptRow, 'simId' | 'simLevelId'>,
  scriptId: string,
  field: string,
): Promise<repo.ScriptRow> {
  const script = await repo.findAgentScript(db, attempt.simLevelId, scriptId);
  if (!script) throw Invalid(TAKE_SIM_MESSAGES.notAgentLine, field);
  const level = await repo.findLevel(db, attempt.simId, attempt.simLevelId);
  if (!level || isListeningLevel({ convert_agent: level.convertAgent }))
    throw RuleBroken(TAKE_SIM_MESSAGES.listeningLevelLine);
  return script;
}
