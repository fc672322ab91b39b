import { describe, expect, it } from 'vitest';
import { nextSort, skipOf } from './list-state';

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

  it('skip = limit × page', () => {
    expect(skipOf({ page: 0, limit: 10 })).toBe(0);
    expect(skipOf({ page: 3, limit: 10 })).toBe(30);
    expect(skipOf({ page: 2, limit: 25 })).toBe(50);
  });
});
