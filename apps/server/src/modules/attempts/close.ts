import {
  TAKE_SIM_MESSAGES,
  type TAttemptFigures,
  type TFinalScoreRequest,
  type TFinalScoreResponse,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict } from '../../lib/errors';
import { attemptGone, factsOf, writableAttempt } from './access';
import { attemptFigures, figureColumns } from './figures';
import * as repo from './repository';

export interface CloseRequest {
  user_response_id: string;
  of: { simId?: string; simLevelId?: string; assignmentId?: string };
  outcome: 'completed' | 'exited';
  /** the times to keep: the whole time spent (a resumed attempt: prior + current, as the client sends it) */
  times?: { totalSeconds: number; wrapSeconds?: number };
}

interface Closed {
  attempt: repo.AttemptRow;
  figures: TAttemptFigures;
  allCompleted: boolean;
  assignmentStatus: string;
}

/**
 * Closes an attempt, in one transaction holding the assignment's row, then the attempt's:
 * - started → completed (All Done: completed_at) or exited (Restart / Exit), with the times given;
 * - already closed: asked again (after 5 s while lines are graded) — the figures are computed again; a
 *   completed attempt cannot be exited, an exited one cannot be completed (409);
 * - the figures are computed each time from the lines (levelFigures) and stored;
 * - a newly completed attempt drops its lines never recorded, and when every level of the sim has a
 *   completed attempt, the assignment goes COMPLETED (from IN PROGRESS) with completed_on, unseen.
 */
export async function closeAttempt(deps: AppDeps, actor: Actor, req: CloseRequest): Promise<Closed> {
  const before = await writableAttempt(deps.db, actor, req.user_response_id, req.of, { finished: 'allowed' });
  return deps.db.transaction(async (tx) => {
    const assignment = await repo.findAssignment(tx, actor.companyId, before.assignmentId, { lock: true });
    if (!assignment) throw attemptGone();
    const attempt = await writableAttempt(tx, actor, before.id, {}, { lock: true, finished: 'allowed' });
    const was = attempt.status;
    if (was !== 'started' && was !== req.outcome) throw Conflict(TAKE_SIM_MESSAGES.attemptFinished);
    const now = deps.now();
    // one after the other: a transaction is one connection, which runs one query at a time
    const level = await repo.findLevel(tx, attempt.simId, attempt.simLevelId);
    const facts = await factsOf(tx, actor.companyId, attempt.simId);
    const agentScripts = await repo.agentScriptsOf(tx, attempt.simLevelId);
    if (!level) throw attemptGone();
    if (was === 'started' && req.outcome === 'completed') await repo.dropUnrecordedLines(tx, attempt.id);
    const lines = await repo.linesOf(tx, actor.companyId, attempt.id);
    const figures = attemptFigures({ attempt, closing: req.outcome, level, sim: facts, agentScripts, lines });
    const saved = await repo.updateAttempt(tx, actor.companyId, attempt.id, {
      ...figureColumns(figures),
      status: req.outcome,
      ...(req.outcome === 'exited' ? { exitOrRestart: true } : {}),
      ...(was === 'started' && req.outcome === 'completed' ? { completedAt: now } : {}),
      ...(req.times ? { totalSeconds: req.times.totalSeconds } : {}),
      ...(req.times?.wrapSeconds !== undefined ? { wrapSeconds: req.times.wrapSeconds } : {}),
      updatedAt: now,
    });
    let assignmentStatus = assignment.status;
    if (was === 'started' && req.outcome === 'completed' && assignment.status === 'IN PROGRESS') {
      const levelIds = await repo.levelIdsOf(tx, assignment.simId);
      const done = await repo.completedLevelIds(tx, actor.companyId, assignment.id);
      if (levelIds.length > 0 && levelIds.every((id) => done.includes(id))) {
        await repo.updateAssignment(tx, actor.companyId, assignment.id, {
          status: 'COMPLETED',
          completedOn: now,
          completedSeen: false,
          updatedAt: now,
        });
        assignmentStatus = 'COMPLETED';
      }
    }
    const allCompleted = !lines.some((l) => l.status === 'Pending' && l.audioKey !== null);
    return { attempt: saved, figures, allCompleted, assignmentStatus };
  });
}

/**
 * Final score: closes the caller's attempt (exit_or_restart: exited, else completed) and answers its
 * figures; all_completed is false while a recorded line is still being graded (ask again after 5 s).
 * totalSeconds is the whole time of the attempt: for a resumed attempt, the client adds the seconds
 * `continue` answered to the time of this sitting. The times are kept when posted (isPost).
 */
export async function finalScore(
  deps: AppDeps,
  actor: Actor,
  body: TFinalScoreRequest,
): Promise<Omit<TFinalScoreResponse, 'success'>> {
  const closed = await closeAttempt(deps, actor, {
    user_response_id: body.user_response_id,
    of: { assignmentId: body.assignment_id },
    outcome: body.exit_or_restart ? 'exited' : 'completed',
    times: body.isPost ? { totalSeconds: body.totalSeconds, wrapSeconds: body.wrapSeconds } : undefined,
  });
  const a = closed.attempt;
  return {
    ...closed.figures,
    user_response_id: a.id,
    status: a.status as TFinalScoreResponse['status'],
    all_completed: closed.allCompleted,
    totalSeconds: a.totalSeconds,
    wrapSeconds: a.wrapSeconds,
    assignment_status: closed.assignmentStatus,
  };
}
