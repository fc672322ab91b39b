import { AUTHORING_LIMITS, SIM_LIST_TEXTS, type TSimSortKey } from '@sim/shared';
import { useCallback, useState } from 'react';
import type { SortOrder } from '../../../lib/list-state';

/** What the sim list shows: page (from 0), sort, title search, product filter and the trash toggle. */
export interface SimListState {
  page: number;
  sortBy: TSimSortKey;
  order: SortOrder;
  title: string;
  /** a product id, or 'All' */
  product: string;
  trash: boolean;
}

export const ALL_PRODUCTS = SIM_LIST_TEXTS.allProducts;
export const SIM_PAGE_SIZE = AUTHORING_LIMITS.pageSize;

export const initialSimListState: SimListState = {
  page: 0,
  sortBy: 'updated_at',
  order: 'desc',
  title: '',
  product: ALL_PRODUCTS,
  trash: false,
};

export type SimListAction =
  | { type: 'page'; page: number }
  | { type: 'sort'; column: TSimSortKey }
  | { type: 'search'; title: string }
  | { type: 'product'; product: string }
  | { type: 'trash'; trash: boolean };

/**
 * A sort change, a search or a filter change goes back to the first page (authoring.md section 2); so does
 * switching between the sims and the trash. Sorting the sorted column flips its order; another starts ascending.
 */
export function simListReducer(state: SimListState, action: SimListAction): SimListState {
  switch (action.type) {
    case 'page':
      return { ...state, page: action.page };
    case 'sort':
      return state.sortBy === action.column
        ? { ...state, page: 0, order: state.order === 'asc' ? 'desc' : 'asc' }
        : { ...state, page: 0, sortBy: action.column, order: 'asc' };
    case 'search':
      return { ...state, page: 0, title: action.title };
    case 'product':
      return { ...state, page: 0, product: action.product };
    case 'trash':
      return { ...state, page: 0, trash: action.trash };
  }
}

/** skip = limit × page (section 9). */
export const simSkip = (state: Pick<SimListState, 'page'>) => state.page * SIM_PAGE_SIZE;

/** 'Showing X to Y of Z entries' (X and Y from 1; 0 to 0 when empty). */
export function showingText(page: number, shown: number, total: number): string {
  const from = total === 0 ? 0 : page * SIM_PAGE_SIZE + 1;
  const to = total === 0 ? 0 : page * SIM_PAGE_SIZE + shown;
  return SIM_LIST_TEXTS.showing(from, to, total);
}

export function useSimListState() {
  const [state, setState] = useState<SimListState>(initialSimListState);
  const dispatch = useCallback((action: SimListAction) => setState((s) => simListReducer(s, action)), []);
  return { state, dispatch };
}
