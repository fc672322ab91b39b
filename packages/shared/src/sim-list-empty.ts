/**
 * The empty states of the sim list (issue 15): each cause of an empty list says what it is. The spec's
 * three lines ('Looks empty over here!', AUTHORING_TEXTS) stay for a company that has no sim yet.
 */
export const SIM_LIST_EMPTY_TEXTS = {
  searchMiss: 'No sims match your search.',
  filterMiss: (product: string) => `There are no sims of the product '${product}'.`,
  trashEmpty: 'The trash is empty.',
  clearSearch: 'Clear the search',
  showAllProducts: 'Show all products',
} as const;

/** Why the list is empty: the trash, a search, a product filter, or no sim at all. */
export type SimListEmpty = 'searchMiss' | 'filterMiss' | 'trashEmpty' | 'noSims';

export function simListEmpty(view: { trash: boolean; search: string; filtered: boolean }): SimListEmpty {
  if (view.search.trim() !== '') return 'searchMiss';
  if (view.trash) return 'trashEmpty';
  return view.filtered ? 'filterMiss' : 'noSims';
}
