import { ASSIGNMENT_TEXTS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { makeCounts } from '../testing/fixtures';
import { dashboardAccess, defaultTab, showingText, tabCount, tabLabel } from './dashboard-tabs';

const perms = (...keys: string[]) => new Set(keys);
const LEARNER = ['assignment:view', 'my_notepad:view', 'company_name:view'];
const ADMIN = [
  'all_assignments:view',
  'assignment:view',
  'assignment:create',
  'assignment:delete',
  'review_assignments:view',
  'employee_list:view',
];

describe('dashboard tabs by permission', () => {
  it.each([
    { who: 'a learner', keys: LEARNER, tabs: ['MY_ASSIGNMENT', 'COMPLETED'], learner: true },
    {
      who: 'an administrator',
      keys: ADMIN,
      tabs: ['All_ASSIGNMENT', 'MY_ASSIGNMENT', 'COMPLETED', 'PENDING_REVIEW', 'SCORE'],
      learner: false,
    },
    {
      // SCORE needs all_assignments view (the score table covers every member)
      who: 'a reviewer with Admin views',
      keys: ['review_assignments:view', 'groups:view'],
      tabs: ['PENDING_REVIEW'],
      learner: false,
    },
    {
      who: 'a learner who reviews',
      keys: ['assignment:view', 'review_assignments:view'],
      learner: true,
      tabs: ['MY_ASSIGNMENT', 'COMPLETED', 'PENDING_REVIEW'],
    },
    {
      who: 'all assignments only',
      keys: ['all_assignments:view', 'groups:view'],
      tabs: ['All_ASSIGNMENT', 'COMPLETED', 'SCORE'],
      learner: false,
    },
    { who: 'nobody', keys: ['groups:view'], tabs: [], learner: false },
  ])('$who sees $tabs', ({ keys, tabs, learner }) => {
    const access = dashboardAccess(perms(...keys));
    expect(access.tabs).toEqual(tabs);
    expect(access.learner).toBe(learner);
  });

  it('opens My Assignments by default, else the first tab', () => {
    expect(defaultTab(['All_ASSIGNMENT', 'MY_ASSIGNMENT', 'COMPLETED'])).toBe('MY_ASSIGNMENT');
    expect(defaultTab(['PENDING_REVIEW', 'SCORE'])).toBe('PENDING_REVIEW');
    expect(defaultTab([])).toBe('');
  });

  it('labels each tab with its count; SCORE has none', () => {
    const counts = makeCounts({
      allAssignmentCount: 7,
      myAssignmentCount: 2,
      completedAssignmentCount: 5,
      readyForReviewCount: 1,
    });
    expect(
      ['All_ASSIGNMENT', 'MY_ASSIGNMENT', 'COMPLETED', 'PENDING_REVIEW', 'SCORE'].map((t) =>
        tabCount(t as never, counts),
      ),
    ).toEqual([7, 2, 5, 1, null]);
    expect(tabCount('MY_ASSIGNMENT', undefined)).toBeNull();
    // the server stops counting the company's rows at 1000
    expect(tabCount('All_ASSIGNMENT', makeCounts({ allAssignmentCount: 1000 }))).toBe('1000+');
    expect(tabCount('All_ASSIGNMENT', makeCounts({ allAssignmentCount: 999 }))).toBe(999);
    expect(tabLabel('SCORE')).toBe(ASSIGNMENT_TEXTS.tabScore);
    expect(tabLabel('All_ASSIGNMENT')).toBe('All Assignment');
  });

  it("writes 'Showing X to Y of Z entries'", () => {
    expect(showingText(0, 10, 10, 23)).toBe('Showing 1 to 10 of 23 entries');
    expect(showingText(2, 10, 3, 23)).toBe('Showing 21 to 23 of 23 entries');
    expect(showingText(0, 10, 0, 0)).toBe('Showing 0 to 0 of 0 entries');
    // the server stopped counting: Z+ (and the pager can go on)
    expect(showingText(0, 10, 10, 100, true)).toBe('Showing 1 to 10 of 100+ entries');
    expect(showingText(9, 10, 10, 190, true)).toBe('Showing 91 to 100 of 190+ entries');
  });
});
