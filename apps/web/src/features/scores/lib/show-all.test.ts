import { describe, expect, it } from 'vitest';
import { LIST_PREVIEW, shownItems } from './show-all';

const items = Array.from({ length: 9 }, (_, i) => i + 1);

describe('filter lists: the first 6, then Show all / Hide all', () => {
  it('shows the first 6 of a longer list and offers the toggle', () => {
    expect(LIST_PREVIEW).toBe(6);
    expect(shownItems(items, false)).toEqual({ items: [1, 2, 3, 4, 5, 6], toggle: true });
  });

  it('shows everything when expanded', () => {
    expect(shownItems(items, true)).toEqual({ items, toggle: true });
  });

  it('offers no toggle for 6 or fewer', () => {
    expect(shownItems(items.slice(0, 6), false)).toEqual({ items: items.slice(0, 6), toggle: false });
  });

  it('keeps a checked item beyond the first 6 in view', () => {
    expect(shownItems(items, false, (n) => n === 9).items).toEqual([1, 2, 3, 4, 5, 6, 9]);
  });
});
