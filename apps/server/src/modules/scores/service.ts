import type { PassThrough } from 'node:stream';
import {
  SCORE_LIMITS,
  scoreDayBounds,
  type TScoreFilter,
  type TScoreFiltersResponse,
  type TScoreInsightsQuery,
  type TScoreListQuery,
  type TScoreListResponse,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { assertCanScores } from '../../policies/score';
import { streamScores } from './export';
import { scoreInsights } from './insights';
import type { ScoreMode, ScoreScope } from './query';
import { type ScoreRunner, scoreRead } from './read';
import * as repo from './repository';
import { resolveFilter } from './resolve';

/**
 * The score tab (learner-and-review.md sections 2, 3 and 7, DECISIONS.md §6): the page, the export, the
 * chart and the filter panel's choices. Every read is of the caller's company (query.ts); the policy
 * (policies/score.ts) admits all_assignments view and refuses a learner's account.
 */

type Choice = Pick<TScoreListQuery, 'final_result' | 'highest_level' | 'textSearch' | 'status'>;

/** The rows the call asks for: the choice of attempts, the filter resolved to the company's ids, the days. */
export async function scopeOf(
  run: ScoreRunner,
  actor: Pick<Actor, 'companyId'>,
  q: Choice,
  filter: TScoreFilter,
): Promise<ScoreScope> {
  const mode: ScoreMode = q.highest_level ? 'highest' : q.final_result ? 'final' : 'all';
  const { from, to } = scoreDayBounds(filter.startDate ?? undefined, filter.endDate ?? undefined, filter.utc_offset);
  const ids = await resolveFilter(run, actor.companyId, filter, q.textSearch);
  return { companyId: actor.companyId, mode, ids, status: q.status, from, to, utcOffset: filter.utc_offset };
}

/**
 * A page of the table and its total. The total is counted no further than SCORE_LIMITS.countAhead rows past
 * the page's first row (`total_capped` then): the count stops early instead of reading the whole table,
 * and a client paging on always has a next page to reach. The page and the count run side by side.
 */
export async function listScores(
  deps: AppDeps,
  actor: Actor,
  q: TScoreListQuery,
  filter: TScoreFilter,
): Promise<Omit<TScoreListResponse, 'success'>> {
  assertCanScores(actor, 'view');
  const upTo = q.skip + SCORE_LIMITS.countAhead + 1;
  const { rows: scores, counted } = await scoreRead(deps.db, async (run) =>
    repo.scorePage(run, await scopeOf(run, actor, q, filter), q, upTo),
  );
  const capped = counted === upTo;
  return {
    scores: await repo.withRecordingLinks(deps, actor.companyId, scores),
    total: capped ? upTo - 1 : counted,
    total_capped: capped,
  };
}

/** Score_List.xlsx of the filter, in the table's sort, as a stream (export.ts). */
export async function exportScores(
  deps: AppDeps,
  actor: Actor,
  q: TScoreListQuery,
  filter: TScoreFilter,
  onError: (error: unknown) => void,
): Promise<PassThrough> {
  assertCanScores(actor, 'export');
  const scope = await scoreRead(deps.db, (run) => scopeOf(run, actor, q, filter));
  return streamScores(deps.db, scope, q, onError);
}

/** The chart of the filter (insights.ts). */
export async function scoreChart(deps: AppDeps, actor: Actor, q: TScoreInsightsQuery, filter: TScoreFilter) {
  assertCanScores(actor, 'view');
  return scoreRead(deps.db, async (run) => scoreInsights(run, await scopeOf(run, actor, q, filter)));
}

/** The filter panel's choices: every tool, the company's groups, members and sims (of the tool when given). */
export async function scoreFilters(
  deps: AppDeps,
  actor: Actor,
  product: string | undefined,
): Promise<Omit<TScoreFiltersResponse, 'success'>> {
  assertCanScores(actor, 'view');
  const [products, groups, members, sims] = await Promise.all([
    repo.productChoices(deps.db),
    repo.groupChoices(deps.db, actor.companyId),
    repo.memberChoices(deps.db, actor.companyId),
    repo.simChoices(deps.db, actor.companyId, product),
  ]);
  return { products, groups, members, sims };
}
