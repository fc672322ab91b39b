import type { DbOrTx } from '../../db/client';
import { factsOf } from './access';
import { attemptFigures, figureColumns } from './figures';
import * as repo from './repository';

/**
 * A completed attempt's figures computed again from its lines, exactly as completing it computes them
 * (close.ts: attemptFigures over every agent line of the level), and stored. For a change of a line's grade
 * after completion (issue 30: a reviewer's keyword decision); call it in the transaction that changed the
 * line, holding the attempt's row. Answers the attempt as stored.
 */
export async function refigureCompletedAttempt(
  tx: DbOrTx,
  companyId: string,
  attempt: repo.AttemptRow,
  now: Date,
): Promise<repo.AttemptRow | null> {
  // one after the other: a transaction is one connection, which runs one query at a time
  const level = await repo.findLevel(tx, attempt.simId, attempt.simLevelId);
  if (!level) return null;
  const sim = await factsOf(tx, companyId, attempt.simId);
  const agentScripts = await repo.agentScriptsOf(tx, attempt.simLevelId);
  const lines = await repo.linesOf(tx, companyId, attempt.id);
  const figures = attemptFigures({ attempt, closing: 'completed', level, sim, agentScripts, lines });
  return repo.updateAttempt(tx, companyId, attempt.id, { ...figureColumns(figures), updatedAt: now });
}
