import { cutText, SCORE_LIMITS, type TScoreFiltersResponse } from '@sim/shared';
import type { ScoreFilterState, SimChoice } from './score-list';

export type FilterSim = TScoreFiltersResponse['sims'][number];
export type FilterMember = TScoreFiltersResponse['members'][number];

/** A sim's title in the filter panel: cut at 22 characters (section 9), the whole title in a tooltip. */
export const cutSimTitle = (title: string) => cutText(title, SCORE_LIMITS.simTitleCut);

/** Adds or removes one id of a list, keeping the order of the others. */
export function toggleId(ids: readonly string[], id: string, checked: boolean): string[] {
  const rest = ids.filter((x) => x !== id);
  return checked ? [...rest, id] : rest;
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** A sim's checkbox: checked with every level (no level chosen), indeterminate with some, else unchecked. */
export function simCheckState(sims: readonly SimChoice[], sim: FilterSim): CheckState {
  const chosen = sims.find((s) => s.sim_id === sim.sim_id);
  if (!chosen) return 'unchecked';
  if (chosen.levels.length === 0) return 'checked';
  const all = sim.levels.every((l) => chosen.levels.includes(l.level_id));
  return all ? 'checked' : 'indeterminate';
}

/** A level's checkbox: on when its sim is chosen with every level, or with this one. */
export function levelChecked(sims: readonly SimChoice[], simId: string, levelId: string): boolean {
  const chosen = sims.find((s) => s.sim_id === simId);
  return Boolean(chosen && (chosen.levels.length === 0 || chosen.levels.includes(levelId)));
}

/** Ticking a sim chooses it with every level; unticking it (or an indeterminate one: all) clears it. */
export function toggleSim(sims: readonly SimChoice[], sim: FilterSim): SimChoice[] {
  const state = simCheckState(sims, sim);
  const rest = sims.filter((s) => s.sim_id !== sim.sim_id);
  return state === 'checked' ? rest : [...rest, { sim_id: sim.sim_id, levels: [] }];
}

/**
 * Ticking or unticking one level. A sim with every level is sent with no levels (every level, levels to
 * come included); a sim whose last level is unticked leaves the filter.
 */
export function toggleLevel(sims: readonly SimChoice[], sim: FilterSim, levelId: string): SimChoice[] {
  const allIds = sim.levels.map((l) => l.level_id);
  const chosen = sims.find((s) => s.sim_id === sim.sim_id);
  const current = chosen ? (chosen.levels.length === 0 ? allIds : chosen.levels) : [];
  const next = current.includes(levelId) ? current.filter((id) => id !== levelId) : [...current, levelId];
  const rest = sims.filter((s) => s.sim_id !== sim.sim_id);
  if (next.length === 0) return rest;
  const every = allIds.every((id) => next.includes(id));
  const levels = every ? [] : allIds.filter((id) => next.includes(id));
  return chosen
    ? sims.map((s) => (s.sim_id === sim.sim_id ? { ...s, levels } : s))
    : [...rest, { sim_id: sim.sim_id, levels }];
}

/**
 * The members the panel offers: with groups chosen, their members; with Assigned Only, members in a group;
 * with Unassigned Only, members in none (both: everyone). A member already chosen is always offered, so a
 * filter in force can be seen and removed.
 */
export function offeredMembers(members: readonly FilterMember[], filter: ScoreFilterState): FilterMember[] {
  const onlyGrouped = filter.assigned && !filter.unAssigned;
  const onlyUngrouped = filter.unAssigned && !filter.assigned;
  return members.filter((m) => {
    if (filter.members.includes(m._id)) return true;
    if (onlyGrouped && m.groups.length === 0) return false;
    if (onlyUngrouped && m.groups.length > 0) return false;
    if (filter.groups.length > 0 && !m.groups.some((g) => filter.groups.includes(g))) return false;
    return true;
  });
}
