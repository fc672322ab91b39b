import { act, render } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  type ListControls,
  lastPage,
  listConfig,
  nextSort,
  readListState,
  skipOf,
  useListState,
  writeListState,
} from './list-state';

const CONFIG = listConfig<'name' | 'created_at', 'view'>({
  sortKeys: ['name', 'created_at'],
  sortBy: 'created_at',
  order: 'desc',
  filters: { view: { default: 'all', values: ['all', 'trash'] } },
});
const read = (search: string) => readListState(new URLSearchParams(search), CONFIG);

describe('server-side list state', () => {
  const state = { page: 3, limit: 10, sortBy: 'name' as 'name' | 'created_at', order: 'asc' as const, textSearch: '' };

  it('clicking the sorted column flips asc/desc and goes back to the first page', () => {
    expect(nextSort(state, 'name')).toMatchObject({ sortBy: 'name', order: 'desc', page: 0 });
    expect(nextSort({ ...state, order: 'desc' }, 'name').order).toBe('asc');
  });

  it('another column starts ascending', () => {
    expect(nextSort({ ...state, order: 'desc' }, 'created_at')).toMatchObject({
      sortBy: 'created_at',
      order: 'asc',
      page: 0,
    });
  });

  it('skip = limit × page; the last page with rows', () => {
    expect(skipOf({ page: 0, limit: 10 })).toBe(0);
    expect(skipOf({ page: 3, limit: 10 })).toBe(30);
    expect(skipOf({ page: 2, limit: 25 })).toBe(50);
    expect([lastPage(0, 10), lastPage(10, 10), lastPage(11, 10), lastPage(25, 25)]).toEqual([0, 0, 1, 0]);
  });
});

describe('list state in the URL', () => {
  it('reads the defaults from an empty URL', () => {
    expect(read('')).toEqual({
      page: 0,
      limit: 10,
      sortBy: 'created_at',
      order: 'desc',
      textSearch: '',
      filters: { view: 'all' },
    });
  });

  it('reads page (from 1 in the URL), size, sort, search and filters', () => {
    expect(read('?page=3&limit=25&sortBy=name&order=asc&textSearch=%20ann%20&view=trash')).toEqual({
      page: 2,
      limit: 25,
      sortBy: 'name',
      order: 'asc',
      textSearch: 'ann',
      filters: { view: 'trash' },
    });
  });

  it.each([
    ['page=0', { page: 0 }],
    ['page=-2', { page: 0 }],
    ['page=2.5', { page: 0 }],
    ['page=abc', { page: 0 }],
    ['page=99999999999', { page: 0 }],
    ['limit=7', { limit: 10 }],
    ['limit=1000', { limit: 10 }],
    ['sortBy=password', { sortBy: 'created_at' }],
    ['order=sideways', { order: 'desc' }],
    ['view=everything', { filters: { view: 'all' } }],
    ['view=', { filters: { view: 'all' } }],
    [`textSearch=${'x'.repeat(300)}`, { textSearch: 'x'.repeat(255) }],
  ])('a bad value reads as the default: %s', (search, expected) => {
    expect(read(search)).toMatchObject(expected);
  });

  it('a filter may be checked by a test', () => {
    const config = listConfig<'name', 'product'>({
      sortKeys: ['name'],
      sortBy: 'name',
      filters: { product: { default: 'All', valid: (v) => /^p\d+$/.test(v) } },
    });
    expect(readListState(new URLSearchParams('product=p7'), config).filters.product).toBe('p7');
    expect(readListState(new URLSearchParams('product=drop table'), config).filters.product).toBe('All');
  });

  it('writes only what differs from the defaults, and keeps the keys of others', () => {
    const base = new URLSearchParams('tab=2&page=4');
    expect(writeListState(base, read(''), CONFIG).toString()).toBe('tab=2');
    const state = { ...read(''), page: 1, sortBy: 'name' as const, order: 'asc' as const, textSearch: 'a b' };
    expect(writeListState(base, state, CONFIG).toString()).toBe('tab=2&page=2&sortBy=name&order=asc&textSearch=a+b');
  });

  it('reads back what it writes', () => {
    const state = { ...read(''), page: 5, limit: 50, textSearch: 'cardio', filters: { view: 'trash' } };
    expect(readListState(writeListState(new URLSearchParams(), state, CONFIG), CONFIG)).toEqual(state);
  });
});

type Controls = ListControls<'name' | 'created_at', 'view'>;
const seen: { list?: Controls } = {};

/** Renders nothing; hands the list controls of the current URL to the test. */
function Probe() {
  seen.list = useListState(CONFIG);
  return null;
}

describe('useListState', () => {
  function setup(initial: string) {
    const router = createMemoryRouter([{ path: '/admin', element: createElement(Probe) }], {
      initialEntries: [initial],
    });
    render(createElement(RouterProvider, { router }));
    const list = () => seen.list as Controls;
    return { router, list };
  }

  it('changes the URL; back and forward show the list as it was', async () => {
    const { router, list } = setup('/admin?tab=2');
    act(() => list().setPage(2));
    expect(router.state.location.search).toBe('?tab=2&page=3');
    act(() => list().sort('name'));
    expect(router.state.location.search).toBe('?tab=2&sortBy=name&order=asc');
    expect(list().state).toMatchObject({ page: 0, sortBy: 'name', order: 'asc' });

    await act(() => router.navigate(-1));
    expect(list().state).toMatchObject({ page: 2, sortBy: 'created_at', order: 'desc' });
    await act(() => router.navigate(1));
    expect(list().state).toMatchObject({ page: 0, sortBy: 'name' });
  });

  it('a search replaces the history entry and goes back to the first page; a filter and a size push', async () => {
    const { router, list } = setup('/admin?page=4');
    act(() => list().search('ann'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?textSearch=ann');
    act(() => list().setFilter('view', 'trash'));
    expect(router.state.historyAction).toBe('PUSH');
    act(() => list().setLimit(25));
    expect(router.state.location.search).toBe('?limit=25&textSearch=ann&view=trash');
    await act(() => router.navigate(-1));
    expect(list().state).toMatchObject({ limit: 10, textSearch: 'ann', filters: { view: 'trash' } });
  });

  it('the same list again adds no history entry', () => {
    const { router, list } = setup('/admin');
    const key = router.state.location.key;
    act(() => list().setPage(0));
    expect(router.state.location.key).toBe(key);
  });
});
