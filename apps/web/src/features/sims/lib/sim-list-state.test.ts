import { describe, expect, it } from 'vitest';
import { adminNote, fromNow } from './format';
import { initialSimListState, showingText, simListReducer, simSkip } from './sim-list-state';

describe('sim list state', () => {
  const onPage3 = { ...initialSimListState, page: 3 };

  it('goes back to the first page on a sort change, a search, a filter change and the trash toggle', () => {
    expect(simListReducer(onPage3, { type: 'sort', column: 'title' }).page).toBe(0);
    expect(simListReducer(onPage3, { type: 'search', title: 'cardio' })).toMatchObject({ page: 0, title: 'cardio' });
    expect(simListReducer(onPage3, { type: 'product', product: 'p1' })).toMatchObject({ page: 0, product: 'p1' });
    expect(simListReducer(onPage3, { type: 'trash', trash: true })).toMatchObject({ page: 0, trash: true });
    expect(simListReducer(onPage3, { type: 'page', page: 4 }).page).toBe(4);
  });

  it('flips the order of the sorted column; another column starts ascending', () => {
    const flipped = simListReducer(initialSimListState, { type: 'sort', column: 'updated_at' });
    expect(flipped).toMatchObject({ sortBy: 'updated_at', order: 'asc' });
    expect(simListReducer(flipped, { type: 'sort', column: 'title' })).toMatchObject({ sortBy: 'title', order: 'asc' });
  });

  it('pages by 10 and says which entries are shown', () => {
    expect(simSkip({ page: 2 })).toBe(20);
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
