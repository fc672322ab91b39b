import { PAGE_SIZE, TEXT_MAX } from '@sim/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** The page sizes a server-side list offers (the pager's rows-per-page choices). */
export const PAGE_SIZES: readonly number[] = [10, 25, 50];

/** An extra key of a list's URL (a filter, a view): its default and what it may be. */
export interface ListFilter {
  default: string;
  /** the values it may take; any other reads as the default */
  values?: readonly string[];
  /** or a test of the value; a value that fails it reads as the default */
  valid?: (value: string) => boolean;
}

/**
 * What one list keeps in the URL, and its defaults. Declare it once, outside the component (a stable
 * object), e.g. `const GROUP_LIST = listConfig({ sortKeys: GROUP_SORT_KEYS, sortBy: 'created_at', order: 'desc' })`.
 */
export interface ListConfig<S extends string, F extends string = never> {
  /** the sortable columns; another sortBy in the URL reads as the default */
  sortKeys: readonly S[];
  sortBy: S;
  /** default 'asc' */
  order?: SortOrder;
  /** default PAGE_SIZE */
  limit?: number;
  /** the page sizes the list offers; another limit reads as the default. Default PAGE_SIZES */
  limits?: readonly number[];
  /** the server's longest search text; a longer one is cut. Default TEXT_MAX */
  searchMax?: number;
  filters?: Record<F, ListFilter>;
}

export interface ListState<S extends string, F extends string = never> {
  /** from 0 (the URL shows it from 1) */
  page: number;
  limit: number;
  sortBy: S;
  order: SortOrder;
  textSearch: string;
  filters: Record<F, string>;
}

/** Keeps the literal types of a list's config (sort keys and filter names). */
export function listConfig<S extends string, F extends string = never>(config: ListConfig<S, F>): ListConfig<S, F> {
  return config;
}

/** The URL keys of every list; a filter's key is its name. */
export const LIST_KEYS = ['page', 'limit', 'sortBy', 'order', 'textSearch'] as const;

function defaults<S extends string, F extends string>(config: ListConfig<S, F>): ListState<S, F> {
  const filters = {} as Record<F, string>;
  for (const [name, filter] of Object.entries(config.filters ?? {}) as [F, ListFilter][])
    filters[name] = filter.default;
  return {
    page: 0,
    limit: config.limit ?? PAGE_SIZE,
    sortBy: config.sortBy,
    order: config.order ?? 'asc',
    textSearch: '',
    filters,
  };
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

function filterValue(filter: ListFilter, raw: string | null): string {
  if (raw === null || raw === '') return filter.default;
  if (filter.values && !filter.values.includes(raw)) return filter.default;
  if (filter.valid && !filter.valid(raw)) return filter.default;
  return raw;
}

/** The list state of a URL's search params; a missing or bad value (not a number, an unknown column) reads as the default. */
export function readListState<S extends string, F extends string>(
  params: URLSearchParams,
  config: ListConfig<S, F>,
): ListState<S, F> {
  const base = defaults(config);
  const page = positiveInt(params.get('page'));
  const limit = positiveInt(params.get('limit'));
  const sortBy = params.get('sortBy');
  const order = params.get('order');
  const filters = { ...base.filters };
  for (const [name, filter] of Object.entries(config.filters ?? {}) as [F, ListFilter][]) {
    filters[name] = filterValue(filter, params.get(name));
  }
  return {
    page: page === null ? 0 : page - 1,
    limit: limit !== null && (config.limits ?? PAGE_SIZES).includes(limit) ? limit : base.limit,
    sortBy: sortBy !== null && (config.sortKeys as readonly string[]).includes(sortBy) ? (sortBy as S) : base.sortBy,
    order: order === 'asc' || order === 'desc' ? order : base.order,
    textSearch: (params.get('textSearch') ?? '').trim().slice(0, config.searchMax ?? TEXT_MAX),
    filters,
  };
}

/**
 * The search params with the list state written in, in a fixed order after the keys of others (?tab=2,
 * kept); a value equal to its default is left out (a clean URL).
 */
export function writeListState<S extends string, F extends string>(
  params: URLSearchParams,
  state: ListState<S, F>,
  config: ListConfig<S, F>,
): URLSearchParams {
  const base = defaults(config);
  const filterNames = Object.keys(base.filters) as F[];
  const ours = new Set<string>([...LIST_KEYS, ...filterNames]);
  const next = new URLSearchParams();
  for (const [key, value] of params) if (!ours.has(key)) next.append(key, value);
  const put = (key: string, value: string, fallback: string) => {
    if (value !== fallback) next.set(key, value);
  };
  put('page', String(state.page + 1), '1');
  put('limit', String(state.limit), String(base.limit));
  put('sortBy', state.sortBy, base.sortBy);
  put('order', state.order, base.order);
  put('textSearch', state.textSearch, '');
  for (const name of filterNames) put(name, state.filters[name], base.filters[name]);
  return next;
}

/** Clicking the sorted column flips its order; another column starts ascending. Back to page 0. */
export function nextSort<T extends { page: number; sortBy: string; order: SortOrder }>(
  state: T,
  column: T['sortBy'],
): T {
  if (state.sortBy === column) return { ...state, page: 0, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { ...state, page: 0, sortBy: column, order: 'asc' };
}

/** skip = limit × page (DECISIONS.md section 1). */
export const skipOf = (state: { page: number; limit: number }) => state.page * state.limit;

/** The last page that has rows (0 for an empty list). */
export const lastPage = (total: number, limit: number) => Math.max(0, Math.ceil(total / limit) - 1);

/**
 * Paging, sorting, search and filters of a server-side list, kept in the URL (?page=2&sortBy=name&order=desc
 * &textSearch=ann): a reload, a shared link and the browser's back and forward show the same list. A new
 * page, sort, size or filter is a history entry; a search replaces the current one. A search, a sort, a new
 * page size or a filter goes back to the first page.
 */
export function useListState<S extends string, F extends string = never>(config: ListConfig<S, F>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, config), [params, config]);

  const update = useCallback(
    (change: (state: ListState<S, F>) => ListState<S, F>, replace = false) => {
      const current = readListState(params, config);
      const next = writeListState(params, change(current), config);
      // the same list again (page 1 of page 1): no history entry
      if (next.toString() === writeListState(params, current, config).toString()) return;
      setParams(next, { replace, preventScrollReset: true });
    },
    [params, setParams, config],
  );

  return {
    state,
    skip: skipOf(state),
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update((s) => ({ ...s, page }), options?.replace),
      [update],
    ),
    setLimit: useCallback((limit: number) => update((s) => ({ ...s, limit, page: 0 })), [update]),
    sort: useCallback((column: S) => update((s) => nextSort(s, column)), [update]),
    search: useCallback((textSearch: string) => update((s) => ({ ...s, textSearch, page: 0 }), true), [update]),
    setFilter: useCallback(
      (name: F, value: string) => update((s) => ({ ...s, page: 0, filters: { ...s.filters, [name]: value } })),
      [update],
    ),
  };
}

export type ListControls<S extends string, F extends string = never> = ReturnType<typeof useListState<S, F>>;

/**
 * A page past the end (an old link, the last rows of the last page deleted) goes to the last page that
 * has rows, replacing the history entry. `total` is undefined while the list is loading.
 */
export function usePageInRange<S extends string, F extends string>(
  list: ListControls<S, F>,
  total: number | undefined,
): void {
  const { page, limit } = list.state;
  const { setPage } = list;
  useEffect(() => {
    if (total === undefined || page === 0) return;
    const last = lastPage(total, limit);
    if (page > last) setPage(last, { replace: true });
  }, [total, page, limit, setPage]);
}
