import {
  AUTHORING_LIMITS,
  SIM_LIST_TEXTS,
  SIM_SORT_KEYS,
  showingEntriesText,
  type TSimSortKey,
  ZRowId,
} from '@sim/shared';
import { type ListState, listConfig } from '../../../lib/list-state';

export const ALL_PRODUCTS = SIM_LIST_TEXTS.allProducts;
export const SIM_PAGE_SIZE = AUTHORING_LIMITS.pageSize;

/**
 * What the sim list keeps in the URL (authoring.md section 2): page, sort, title search (`textSearch`), the
 * product filter (a product id, or 'All') and the view (`?view=trash` for the trash). Pages of 10; the last
 * updated first. A sort change, a search, a filter change or switching between the sims and the trash goes
 * back to the first page (the list-state helper does).
 */
export const SIM_LIST = listConfig<TSimSortKey, 'product' | 'view'>({
  sortKeys: SIM_SORT_KEYS,
  sortBy: 'updated_at',
  order: 'desc',
  limit: SIM_PAGE_SIZE,
  limits: [SIM_PAGE_SIZE],
  filters: {
    product: { default: ALL_PRODUCTS, valid: (id) => ZRowId.safeParse(id).success },
    view: { default: 'sims', values: ['sims', 'trash'] },
  },
});

export type SimListState = ListState<TSimSortKey, 'product' | 'view'>;

export const isTrash = (state: Pick<SimListState, 'filters'>) => state.filters.view === 'trash';

/** 'Showing X to Y of Z entries' (X and Y from 1; 0 to 0 when empty). */
export function showingText(page: number, shown: number, total: number): string {
  return showingEntriesText(page, SIM_PAGE_SIZE, total === 0 ? 0 : shown, total);
}
