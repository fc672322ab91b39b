import type { TAssignment } from '@sim/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAssignment, makeCounts, othersAssignment } from '../testing/fixtures';
import { mockApi, ok, renderAtDashboard, signInAs } from '../testing/harness';
import { AssignmentsDashboard } from './assignments-dashboard';

/** A supervisor: own assignments, review, no all-assignments view. */
const REVIEWER = ['assignment:view', 'review_assignments:view', 'notes_to_user:view'];

function setup(myAssignmentCount: number, url?: string) {
  const session = signInAs(REVIEWER);
  const rows: Record<string, TAssignment[]> = {
    MY_ASSIGNMENT: myAssignmentCount ? [makeAssignment(1)] : [],
    PENDING_REVIEW: [othersAssignment(7, { status: 'PENDING REVIEW', assignment: 'Waiting for you' })],
  };
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/assignment/list') {
      const list = rows[call.query.get('tab') ?? ''] ?? [];
      return ok({ assignments: list, total: list.length });
    }
    if (call.path === '/api/v1/sims/assignment/count')
      return ok(makeCounts({ myAssignmentCount, readyForReviewCount: 1, completedAssignmentCount: 0 }));
    return undefined;
  });
  renderAtDashboard(<AssignmentsDashboard />, { url });
  const lists = () => calls.filter((c) => c.path === '/api/v1/sims/assignment/list').map((c) => c.query.get('tab'));
  return { lists };
}

/**
 * Issue 31, defect 7: a reviewer who opens the dashboard with nothing of their own lands on Pending Review
 * (not on "My Assignments (0) – There are no Assignments."); with assignments of their own, on My
 * Assignments as before; a tab in the URL is kept.
 */
describe('where a reviewer lands on the dashboard (issue 31)', () => {
  it('opens Pending Review when My Assignments is empty, without listing My Assignments first', async () => {
    const { lists } = setup(0);
    const pending = await screen.findByRole('tab', { name: 'Pending Review (1)' });
    await waitFor(() => expect(pending.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Waiting for you')).toBeTruthy();
    expect(lists()).toEqual(['PENDING_REVIEW']);
  });

  it('opens My Assignments when the reviewer has some, and keeps the tab the URL names', async () => {
    const { lists } = setup(2);
    const mine = await screen.findByRole('tab', { name: 'My Assignments (2)' });
    await waitFor(() => expect(mine.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(lists()).toEqual(['MY_ASSIGNMENT']));
  });

  it('keeps My Assignments when the URL asks for it, even when it is empty', async () => {
    const { lists } = setup(0, '/dashboard?tab=MY_ASSIGNMENT');
    const mine = await screen.findByRole('tab', { name: 'My Assignments (0)' });
    await waitFor(() => expect(mine.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(lists()).toEqual(['MY_ASSIGNMENT']));
  });
});
