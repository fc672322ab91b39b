/**
 * The statements of one score page as the server runs them (modules/scores/service.ts listScores): the
 * filter resolved to ids, then the page with its capped count. Captured once from the same service code
 * through a recording runner, then replayed as plain SQL through a bare pg pool whose sessions have the
 * server's read-pool options (READ_SESSION_OPTIONS).
 */
import { SCORE_LIMITS, type TScoreFilter, type TScoreListQuery } from '@sim/shared';
import type pg from 'pg';
import { clientRunner, type ScoreRunner, type Statement, toStatement } from '../../apps/server/src/modules/scores/read';
import { scorePage } from '../../apps/server/src/modules/scores/repository';
import { scopeOf } from '../../apps/server/src/modules/scores/service';

export async function listScoresStatements(pool: pg.Pool, companyId: string, q: TScoreListQuery, f: TScoreFilter) {
  const log: Statement[] = [];
  const real = clientRunner(pool);
  const recording: ScoreRunner = {
    rows: (query) => {
      log.push(toStatement(query));
      return real.rows(query);
    },
  };
  const scope = await scopeOf(recording, { companyId }, q, f);
  await scorePage(recording, scope, q, q.skip + SCORE_LIMITS.countAhead + 1);
  return {
    statements: log.length,
    replay: async (bare: pg.Pool) => {
      for (const s of log) await bare.query(s.sql, s.params);
    },
  };
}
