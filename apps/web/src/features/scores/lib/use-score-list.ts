import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, useListState, writeListState } from '../../../lib/list-state';
import { filterOf, filterParams, SCORE_LIST, type ScoreFilterState } from './score-list';

/**
 * The score table's state in the URL (the list's page, sortBy, order and the filter): a reload, a shared
 * link and back/forward show the same scores. `setFilter` changes several keys in one history entry and
 * goes back to the first page; a new tool drops the sims of the old one.
 */
export function useScoreList() {
  const list = useListState(SCORE_LIST);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterOf(list.state.filters), [list.state.filters]);

  const setFilter = useCallback(
    (change: Partial<ScoreFilterState>) => {
      const current = readListState(params, SCORE_LIST);
      const next = { ...change };
      if ('product' in change && (change.product ?? null) !== filterOf(current.filters).product) next.sims = [];
      const state = { ...current, page: 0, filters: { ...current.filters, ...filterParams(next) } };
      const written = writeListState(params, state, SCORE_LIST);
      if (written.toString() === writeListState(params, current, SCORE_LIST).toString()) return;
      setParams(written, { preventScrollReset: true });
    },
    [params, setParams],
  );

  return { list, filter, setFilter };
}
