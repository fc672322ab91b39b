import { PAGE_SIZE } from '@sim/shared';
import { useCallback, useState } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface ListState<S extends string> {
  page: number;
  limit: number;
  sortBy: S;
  order: SortOrder;
  textSearch: string;
}

/** Clicking the sorted column flips its order; another column starts ascending. Back to page 0. */
export function nextSort<S extends string>(state: ListState<S>, column: S): ListState<S> {
  if (state.sortBy === column) return { ...state, page: 0, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { ...state, page: 0, sortBy: column, order: 'asc' };
}

/** skip = limit × page (DECISIONS.md section 1). */
export const skipOf = (state: { page: number; limit: number }) => state.page * state.limit;

/** Paging, sorting and search of a server-side list. */
export function useListState<S extends string>(sortBy: S, order: SortOrder = 'asc') {
  const [state, setState] = useState<ListState<S>>({ page: 0, limit: PAGE_SIZE, sortBy, order, textSearch: '' });
  return {
    state,
    skip: skipOf(state),
    setPage: useCallback((page: number) => setState((s) => ({ ...s, page })), []),
    setLimit: useCallback((limit: number) => setState((s) => ({ ...s, limit, page: 0 })), []),
    sort: useCallback((column: S) => setState((s) => nextSort(s, column)), []),
    search: useCallback((textSearch: string) => setState((s) => ({ ...s, textSearch, page: 0 })), []),
  };
}
