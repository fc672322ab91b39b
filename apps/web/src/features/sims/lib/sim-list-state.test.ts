import { describe, expect, it } from 'vitest';
import { nextSort, readListState, skipOf, writeListState } from '../../../lib/list-state';
import { adminNote, fromNow } from './format';
import { ALL_PRODUCTS, isTrash, SIM_LIST, showingText } from './sim-list-state';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const read = (search: string) => readListState(new URLSearchParams(search), SIM_LIST);

describe('sim list state', () => {
  it('starts on the sims, every product, the last updated first', () => {
    const state = read('');
    expect(state).toMatchObject({ page: 0, limit: 10, sortBy: 'updated_at', order: 'desc', textSearch: '' });
    expect(state.filters).toEqual({ product: ALL_PRODUCTS, view: 'sims' });
    expect(isTrash(state)).toBe(false);
  });

  it('keeps the view, the product, the search, the sort and the page in the URL', () => {
    const state = read(`?page=3&sortBy=title&order=asc&textSearch=cardio&product=${PRODUCT}&view=trash`);
    expect(state).toMatchObject({ page: 2, sortBy: 'title', order: 'asc', textSearch: 'cardio' });
    expect(state.filters).toEqual({ product: PRODUCT, view: 'trash' });
    expect(isTrash(state)).toBe(true);
    expect(readListState(writeListState(new URLSearchParams(), state, SIM_LIST), SIM_LIST)).toEqual(state);
  });

  it('reads a bad product, view, sort column or page size as the default', () => {
    const state = read('?product=not-an-id&view=bin&sortBy=secret&limit=50');
    expect(state.filters).toEqual({ product: ALL_PRODUCTS, view: 'sims' });
    expect(state).toMatchObject({ sortBy: 'updated_at', limit: 10 });
  });

  it('flips the order of the sorted column; another column starts ascending; both go back to page 1', () => {
    const flipped = nextSort({ ...read(''), page: 3 }, 'updated_at');
    expect(flipped).toMatchObject({ sortBy: 'updated_at', order: 'asc', page: 0 });
    expect(nextSort(flipped, 'title')).toMatchObject({ sortBy: 'title', order: 'asc' });
  });

  it('pages by 10 and says which entries are shown', () => {
    expect(skipOf({ page: 2, limit: SIM_LIST.limit ?? 0 })).toBe(20);
    expect(showingText(0, 10, 23)).toBe('Showing 1 to 10 of 23 entries');
    expect(showingText(2, 3, 23)).toBe('Showing 21 to 23 of 23 entries');
    expect(showingText(0, 0, 0)).toBe('Showing 0 to 0 of 0 entries');
  });

  it('cuts admin notes at 120 characters and shows UPDATED relative', () => {
    expect(adminNote('x'.repeat(120))).toHaveLength(120);
    expect(adminNote('x'.repeat(121))).toMatch(/^x{117}\.\.\.$/);
    expect(fromNow('2030-01-01T10:00:00Z', new Date('2030-01-01T12:00:00Z'))).toBe('2 hours ago');
  });
});
