import {
  SCORE_LIMITS,
  SCORE_SORT_KEYS,
  type ScoreSortKey,
  type TScoreFilterInput,
  type TScoreInsightsQuery,
  type TScoreListQuery,
} from '@sim/shared';
import { type ListConfig, type ListState, listConfig, skipOf } from '../../../lib/list-state';

/** Which attempts are rows (DECISIONS.md §6): the final result (default), the highest level, or every one. */
export type ResultChoice = 'final' | 'highest' | 'all';

/** The score filter's keys in the URL (beside the list's page, sortBy and order). */
export type ScoreFilterKey =
  | 'product'
  | 'assigned'
  | 'un_assigned'
  | 'groups'
  | 'members'
  | 'sims'
  | 'startDate'
  | 'endDate'
  | 'result';

export type ScoreListConfig = ListConfig<ScoreSortKey, ScoreFilterKey>;
export type ScoreListState = ListState<ScoreSortKey, ScoreFilterKey>;

const ID = '[0-9a-fA-F-]{36}';
const ID_LIST = new RegExp(`^${ID}(,${ID})*$`);
/** sims in the URL: `sim,sim.level.level` — a sim id, then the ids of its chosen levels (none: every level) */
const SIM_LIST = new RegExp(`^${ID}(\\.${ID})*(,${ID}(\\.${ID})*)*$`);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The score table's URL state: page, sortBy, order (default: the newest completion first) and the filter.
 * A bad value reads as its default. 10 rows a page (section 9).
 */
export const SCORE_LIST: ScoreListConfig = listConfig<ScoreSortKey, ScoreFilterKey>({
  sortKeys: SCORE_SORT_KEYS,
  sortBy: 'completed_date',
  order: 'desc',
  limit: SCORE_LIMITS.pageSize,
  limits: [SCORE_LIMITS.pageSize],
  filters: {
    product: { default: '', valid: (v) => new RegExp(`^${ID}$`).test(v) },
    assigned: { default: '', values: ['true'] },
    un_assigned: { default: '', values: ['true'] },
    groups: { default: '', valid: (v) => ID_LIST.test(v) },
    members: { default: '', valid: (v) => ID_LIST.test(v) },
    sims: { default: '', valid: (v) => SIM_LIST.test(v) },
    startDate: { default: '', valid: (v) => DAY.test(v) },
    endDate: { default: '', valid: (v) => DAY.test(v) },
    // Final result only is on by default (section 2)
    result: { default: 'final', values: ['final', 'highest', 'all'] },
  },
});

/** A sim of the filter and its chosen levels (empty: every level of the sim). */
export interface SimChoice {
  sim_id: string;
  levels: string[];
}

/** The filter as the panel works with it. */
export interface ScoreFilterState {
  product: string | null;
  assigned: boolean;
  unAssigned: boolean;
  groups: string[];
  members: string[];
  sims: SimChoice[];
  startDate: string | null;
  endDate: string | null;
  result: ResultChoice;
}

const list = (raw: string) => (raw ? raw.split(',') : []);

export function decodeSims(raw: string): SimChoice[] {
  return list(raw).map((part) => {
    const [sim_id, ...levels] = part.split('.');
    return { sim_id, levels };
  });
}

export function encodeSims(sims: readonly SimChoice[]): string {
  return sims.map((s) => [s.sim_id, ...s.levels].join('.')).join(',');
}

/** The filter of the URL state. */
export function filterOf(filters: Record<ScoreFilterKey, string>): ScoreFilterState {
  return {
    product: filters.product || null,
    assigned: filters.assigned === 'true',
    unAssigned: filters.un_assigned === 'true',
    groups: list(filters.groups),
    members: list(filters.members),
    sims: decodeSims(filters.sims),
    startDate: filters.startDate || null,
    endDate: filters.endDate || null,
    result: filters.result as ResultChoice,
  };
}

/** The URL values of a filter change (only the keys given). */
export function filterParams(change: Partial<ScoreFilterState>): Partial<Record<ScoreFilterKey, string>> {
  const out: Partial<Record<ScoreFilterKey, string>> = {};
  if ('product' in change) out.product = change.product ?? '';
  if ('assigned' in change) out.assigned = change.assigned ? 'true' : '';
  if ('unAssigned' in change) out.un_assigned = change.unAssigned ? 'true' : '';
  if (change.groups) out.groups = change.groups.join(',');
  if (change.members) out.members = change.members.join(',');
  if (change.sims) out.sims = encodeSims(change.sims);
  if ('startDate' in change) out.startDate = change.startDate ?? '';
  if ('endDate' in change) out.endDate = change.endDate ?? '';
  if (change.result) out.result = change.result;
  return out;
}

/** The browser's offset east of UTC in minutes (the filter's `utc_offset`): days are the user's days. */
export const browserUtcOffset = (at = new Date()) => 0 - at.getTimezoneOffset();

/** The body of every score call (the spec's Score filter). */
export function filterBody(filter: ScoreFilterState, utcOffset = browserUtcOffset()): TScoreFilterInput {
  return {
    product: filter.product,
    assigned: filter.assigned,
    un_assigned: filter.unAssigned,
    groups: filter.groups,
    members: filter.members,
    sims: filter.sims.map((s) => ({ sim_id: s.sim_id, levels: s.levels })),
    startDate: filter.startDate,
    endDate: filter.endDate,
    utc_offset: utcOffset,
  };
}

/** final_result and highest_level of a result choice: never both true (the server answers 400 then). */
export function resultFlags(result: ResultChoice): { final_result: boolean; highest_level: boolean } {
  return { final_result: result === 'final', highest_level: result === 'highest' };
}

/**
 * The two checkboxes "Highest level reached" and "Final result only" are mutually exclusive: ticking one
 * unticks the other; unticking the one that is on shows every completed attempt.
 */
export function toggleResult(current: ResultChoice, box: 'final' | 'highest', checked: boolean): ResultChoice {
  if (checked) return box;
  return current === box ? 'all' : current;
}

/** The query of a page: skip = limit × page, the sort, and the result choice. */
export function listQuery(state: ScoreListState): TScoreListQuery {
  return {
    skip: skipOf(state),
    limit: state.limit,
    textSearch: '',
    sortBy: state.sortBy,
    sort: state.order,
    download: false,
    ...resultFlags(filterOf(state.filters).result),
  };
}

/** The export's query: the same sort and choice, every row (download=true). */
export function exportQuery(state: ScoreListState): TScoreListQuery {
  return { ...listQuery(state), skip: 0, download: true };
}

/** The chart's query: the result choice only (it covers every row of the filter). */
export function insightsQuery(state: ScoreListState): TScoreInsightsQuery {
  return { textSearch: '', ...resultFlags(filterOf(state.filters).result) };
}

/** Whether any filter narrows the rows (the Clear filters link shows then). */
export function hasFilter(filter: ScoreFilterState): boolean {
  return Boolean(
    filter.product ||
      filter.assigned ||
      filter.unAssigned ||
      filter.groups.length ||
      filter.members.length ||
      filter.sims.length ||
      filter.startDate ||
      filter.endDate,
  );
}

/** Every filter back to its default (the result choice stays). */
export const CLEARED: Partial<ScoreFilterState> = {
  product: null,
  assigned: false,
  unAssigned: false,
  groups: [],
  members: [],
  sims: [],
  startDate: null,
  endDate: null,
};
