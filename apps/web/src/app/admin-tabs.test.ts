import { describe, expect, it } from 'vitest';
import { defaultTab, tabFromSearch, visibleTabs } from './admin-tabs';

const set = (...keys: string[]) => new Set(keys);

describe('admin tabs', () => {
  it.each([
    { perms: [], tabs: [5], first: 5 },
    { perms: ['employee_list:view'], tabs: [0, 5], first: 0 },
    { perms: ['groups:update'], tabs: [2, 5], first: 2 },
    { perms: ['permissions:view', 'roles:delete'], tabs: [3, 4, 5], first: 3 },
    { perms: ['roles:view', 'notifications:create'], tabs: [4, 5], first: 4 },
    {
      perms: ['employee_list:create', 'groups:view', 'permissions:create', 'roles:view'],
      tabs: [0, 2, 3, 4, 5],
      first: 0,
    },
  ])('with $perms: tabs $tabs, first $first', ({ perms, tabs, first }) => {
    const p = set(...perms);
    expect(visibleTabs(p).map((t) => t.value)).toEqual(tabs);
    expect(defaultTab(p)).toBe(first);
  });

  it('keeps the tab of the URL when it is permitted, else the default one', () => {
    const p = set('groups:view', 'roles:view');
    expect(tabFromSearch('4', p)).toBe(4);
    expect(tabFromSearch('5', p)).toBe(5);
    expect(tabFromSearch('3', p)).toBe(2);
    expect(tabFromSearch('1', p)).toBe(2);
    expect(tabFromSearch('x', p)).toBe(2);
    expect(tabFromSearch('4abc', p)).toBe(2);
    expect(tabFromSearch(null, p)).toBe(2);
  });
});
