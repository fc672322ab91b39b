import { AUTHORING_MESSAGES, type TPassFail, type TSetCriteria } from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found, NotFound } from '../../../lib/errors';
import { findLevel } from '../levels/repository';
import { editSim } from '../shared/access';
import { toPassFail } from '../shared/shape';
import { updateSim } from '../sims/repository';
import { clearPassFail, upsertPassFail } from './repository';

/**
 * Set Pass Criteria: one level per sim carries them; setting them on another level moves them there.
 * The sim's is_pass_fail_criteria_set becomes true.
 */
export function setCriteria(deps: AppDeps, actor: Actor, body: TSetCriteria): Promise<TPassFail> {
  return editSim(deps, actor, body.sim_id, async (tx) => {
    found(await findLevel(tx, body.sim_id, body.sim_level_id));
    const now = deps.now();
    const row = await upsertPassFail(tx, {
      simId: body.sim_id,
      simLevelId: body.sim_level_id,
      thresholdKeywordAccuracy: body.threshold_keyword_accuracy,
      thresholdTypingAccuracy: body.threshold_typing_accuracy,
      thresholdDataSelectionAccuracy: body.threshold_data_selection_accuracy,
      thresholdOverallAccuracy: body.threshold_overall_accuracy,
      disableThresholdKeywordAccuracy: body.disable_threshold_keyword_accuracy,
      disableThresholdTypingAccuracy: body.disable_threshold_typing_accuracy,
      disableThresholdDataSelectionAccuracy: body.disable_threshold_data_selection_accuracy,
      disableThresholdOverallAccuracy: body.disable_threshold_overall_accuracy,
      allowSkipLevels: body.allow_skip_levels,
      status: 'set',
      createdAt: now,
      updatedAt: now,
    });
    await updateSim(tx, body.sim_id, { isPassFailCriteriaSet: true });
    return toPassFail(row);
  });
}

/** Unset: removes the criteria from the level that carries them (404 when that level has none). */
export async function removeCriteria(deps: AppDeps, actor: Actor, body: { sim_id: string; sim_level_id: string }) {
  await editSim(deps, actor, body.sim_id, async (tx) => {
    found(await findLevel(tx, body.sim_id, body.sim_level_id));
    if (!(await clearPassFail(tx, body.sim_id, body.sim_level_id)))
      throw NotFound(AUTHORING_MESSAGES.noCriteriaOnLevel);
  });
}
