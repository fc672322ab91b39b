import { isLearnerAccess, SCORE_TEXTS } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden } from '../lib/errors';
import { requirePermission } from './core';

/**
 * The score tab (learner-and-review.md sections 2 and 7, DECISIONS.md §6): the results of every member of
 * the company, so it needs all_assignments view ("See the assignments of every member"), the permission the
 * route table declares for the three score calls. A learner's account (isLearnerAccess: no Admin task) is
 * refused even when a role gives it all_assignments view: SCORE is hidden for agents and a learner never
 * sees others' results. The same rule covers the page, the chart, the filter choices and the export.
 * Scores have no record of their own: every row is read with the caller's company in the WHERE clause
 * (modules/scores), so a filter id of another company matches nothing rather than answering 404.
 */
export type ScoreAction = 'view' | 'export';

export function assertCanScores(actor: Actor, _action: ScoreAction): void {
  if (isLearnerAccess(actor.permissions)) throw Forbidden(SCORE_TEXTS.noPermission);
  requirePermission(actor, 'all_assignments', 'view', SCORE_TEXTS.noPermission);
}
