import { ASSIGNMENT_MESSAGES as M } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { makeAssignment, othersAssignment } from '../testing/fixtures';
import {
  assignedToText,
  columnShow,
  columnsFor,
  cutInstruction,
  cutTitle,
  emptyText,
  formatListDate,
  instructionAction,
  isRowOpenable,
  rowActions,
  rowTone,
} from './assignment-rules';
import { dashboardAccess } from './dashboard-tabs';

const ADMIN = dashboardAccess(
  new Set([
    'all_assignments:view',
    'assignment:view',
    'assignment:create',
    'assignment:delete',
    'review_assignments:view',
    'notes_to_user:view',
    'notes_to_user:create',
    'notes_to_user:update',
    'employee_list:view',
  ]),
);
const LEARNER = dashboardAccess(new Set(['assignment:view']));
const VIEWER = dashboardAccess(new Set(['assignment:view', 'notes_to_user:view', 'groups:view']));

describe('where the columns are at first (issue 31)', () => {
  const shown = (tab: Parameters<typeof columnShow>[1]) =>
    columnsFor(tab, true, [makeAssignment(1)]).filter((c) => columnShow(c, tab) !== 'optional');

  it('the assignment, whose, the message, the tab’s date, STATUS and ACTIONS; the rest in the details', () => {
    expect(shown('All_ASSIGNMENT')).toEqual([
      'assigned_to',
      'assignment',
      'assigned_on',
      'review_comments',
      'status',
      'actions',
    ]);
    expect(shown('MY_ASSIGNMENT')).toEqual(['assignment', 'assigned_on', 'review_comments', 'status', 'actions']);
    expect(shown('COMPLETED')).toEqual([
      'assigned_to',
      'assignment',
      'review_comments',
      'date_of_review',
      'status',
      'actions',
    ]);
    expect(shown('PENDING_REVIEW')).toEqual([
      'assigned_to',
      'assignment',
      'review_comments',
      'status',
      'completed_on',
      'actions',
    ]);
  });

  it('never hides the assignment, its STATUS or ACTIONS', () => {
    for (const column of ['assignment', 'status', 'actions'] as const)
      expect(columnShow(column, 'COMPLETED')).toBe('always');
    expect(columnShow('notes', 'MY_ASSIGNMENT')).toBe('optional');
    expect(columnShow('assigned_on', 'COMPLETED')).toBe('optional');
  });
});

describe('columns', () => {
  const mine = [makeAssignment(1)];
  const mixed = [makeAssignment(1), othersAssignment(2)];

  it('admin (sees everyone): ASSIGNED TO on every tab but My, GROUP on All, dates per tab', () => {
    expect(columnsFor('All_ASSIGNMENT', true, mine)).toEqual([
      'assigned_to',
      'group',
      'tool_type',
      'assignment',
      'assigned_on',
      'assigned_by',
      'notes',
      'review_comments',
      'start_date',
      'status',
      'actions',
    ]);
    expect(columnsFor('MY_ASSIGNMENT', true, mine)).not.toContain('assigned_to');
    expect(columnsFor('COMPLETED', true, mine)).toEqual(
      expect.arrayContaining(['assigned_to', 'send_for_review_date', 'date_of_review']),
    );
    const review = columnsFor('PENDING_REVIEW', true, mine);
    expect(review).toContain('assigned_to');
    expect(review.slice(-3)).toEqual(['status', 'completed_on', 'actions']);
    expect(review).not.toContain('group');
  });

  it("others: ASSIGNED TO on All and Completed only when a row is another's, blank on their own rows", () => {
    expect(columnsFor('COMPLETED', false, mine)).not.toContain('assigned_to');
    expect(columnsFor('COMPLETED', false, mixed)[0]).toBe('assigned_to');
    expect(columnsFor('All_ASSIGNMENT', false, mixed)[0]).toBe('assigned_to');
    expect(columnsFor('PENDING_REVIEW', false, mixed)).not.toContain('assigned_to');
    expect(assignedToText(mixed[0], false)).toBe('');
    expect(assignedToText(mixed[1], false)).toBe('Grace Hopper');
    expect(assignedToText(mixed[0], true)).toBe('Ada Lovelace');
  });

  it('cuts titles at 50 and instructions at 90; dates MMM DD YYYY', () => {
    expect(cutTitle('t'.repeat(60))).toBe(`${'t'.repeat(47)}...`);
    expect(cutTitle('t'.repeat(50))).toBe('t'.repeat(50));
    expect(cutInstruction('i'.repeat(100))).toHaveLength(90);
    expect(formatListDate('2030-03-04T10:00:00.000Z')).toBe('Mar 04 2030');
    expect(formatListDate(null)).toBe('—');
  });
});

describe('rows', () => {
  it("NO PASS is red; another user's row is grey and closed unless PENDING REVIEW", () => {
    expect(rowTone(makeAssignment(1, { status: 'NO PASS' }))).toBe('failed');
    expect(rowTone(othersAssignment(1, { status: 'IN PROGRESS' }))).toBe('muted');
    expect(isRowOpenable(othersAssignment(1, { status: 'IN PROGRESS' }))).toBe(false);
    expect(rowTone(othersAssignment(1, { status: 'PENDING REVIEW' }))).toBe('normal');
    expect(isRowOpenable(othersAssignment(1, { status: 'PENDING REVIEW' }))).toBe(true);
    expect(isRowOpenable(makeAssignment(1, { status: 'PASS' }))).toBe(true);
  });

  it('delete is offered on NOT STARTED rows only, never to learners', () => {
    const statuses = ['NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'] as const;
    expect(statuses.map((status) => rowActions(makeAssignment(1, { status }), 'All_ASSIGNMENT', ADMIN).delete)).toEqual(
      [{ allowed: true }, null, null, null, null, null],
    );
    expect(rowActions(makeAssignment(1), 'MY_ASSIGNMENT', VIEWER).delete).toEqual({ allowed: false });
    expect(rowActions(makeAssignment(1), 'MY_ASSIGNMENT', LEARNER).delete).toBeNull();
  });

  it("Go on My, VIEW OR RETRY and TRACK RECORD on Completed, Review on others' PENDING REVIEW", () => {
    expect(rowActions(makeAssignment(1), 'MY_ASSIGNMENT', LEARNER).go).toBe(true);
    expect(rowActions(makeAssignment(1), 'All_ASSIGNMENT', ADMIN).go).toBe(false);
    const passed = rowActions(makeAssignment(1, { status: 'PASS' }), 'COMPLETED', LEARNER);
    expect([passed.viewOrRetry, passed.trackRecord]).toEqual([true, true]);
    expect(rowActions(makeAssignment(1, { status: 'COMPLETED' }), 'COMPLETED', LEARNER).trackRecord).toBe(false);
    expect(rowActions(othersAssignment(1, { status: 'PENDING REVIEW' }), 'PENDING_REVIEW', ADMIN).review).toBe(true);
    expect(rowActions(othersAssignment(1, { status: 'PENDING REVIEW' }), 'COMPLETED', VIEWER).review).toBe(false);
  });

  it('instruction: add when blank, edit with update, view otherwise; learners see nothing to add', () => {
    expect(instructionAction(makeAssignment(1), ADMIN)).toMatchObject({ mode: 'add', allowed: true });
    expect(instructionAction(makeAssignment(1), VIEWER)).toEqual({
      mode: 'add',
      allowed: false,
      deniedText: M.noCreate,
    });
    expect(instructionAction(makeAssignment(1), LEARNER)).toBeNull();
    expect(instructionAction(makeAssignment(1, { notes: 'Read the script' }), ADMIN)).toMatchObject({ mode: 'edit' });
    expect(instructionAction(makeAssignment(1, { notes: 'Read the script' }), LEARNER)).toMatchObject({
      mode: 'view',
      allowed: true,
    });
  });
});

describe('empty texts', () => {
  it.each([
    { tab: 'All_ASSIGNMENT', search: '', access: ADMIN, title: M.emptyFirst, offerAdd: true },
    { tab: 'MY_ASSIGNMENT', search: '', access: LEARNER, title: M.emptyNone, offerAdd: false },
    { tab: 'COMPLETED', search: '', access: ADMIN, title: M.emptyTab, offerAdd: false },
    { tab: 'MY_ASSIGNMENT', search: 'zzz', access: ADMIN, title: M.emptyTab, offerAdd: false },
  ] as const)('$tab, search "$search": $title', ({ tab, search, access, title, offerAdd }) => {
    expect(emptyText(tab, search, access)).toMatchObject({ title, offerAdd });
  });
});
