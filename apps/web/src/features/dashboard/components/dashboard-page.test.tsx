import { ASSIGNMENT_TEXTS as T, UI_MESSAGES } from '@sim/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// the page is composed with the assignments feature in src/app; the test composes it the same way
import { AssignmentFigures } from '../../assignments/components/assignment-figures';
import { makeCounts } from '../../assignments/testing/fixtures';
import { mockApi, ok, renderAtDashboard, signInAs } from '../../assignments/testing/harness';
import { DashboardPage, type DashboardParts } from './dashboard-page';

const PARTS: DashboardParts = {
  Assignments: () => <p>the assignments</p>,
  ProfileFigures: AssignmentFigures,
};

const COUNTS = { supervisors: 2, managers: 1, agents: 14, users: 18, applicants: 3, groups: 4 };

function at(hour: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 4, 6, hour, 30));
}

function setup({
  keys = [] as string[],
  user = {},
  userCount = { company_name: null as string | null, counts: null as typeof COUNTS | null },
  parts = PARTS as DashboardParts | null,
} = {}) {
  const session = signInAs(keys, user);
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/users/count') return ok(userCount);
    if (call.path === '/api/v1/sims/assignment/count')
      return ok(makeCounts({ myAssignmentCount: 4, completedAssignCount: 3, readyForReviewCount: 2 }));
    return undefined;
  });
  renderAtDashboard(<DashboardPage parts={parts ?? undefined} />);
  return calls;
}

describe('dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    { hour: 9, greeting: 'Good Morning' },
    { hour: 13, greeting: 'Good Afternoon' },
    { hour: 18, greeting: 'Good Evening' },
    { hour: 21, greeting: 'Good Night' },
  ])('greets at $hour h with "$greeting"', async ({ hour, greeting }) => {
    at(hour);
    setup();
    expect(await screen.findByText(greeting)).toBeTruthy();
  });

  it('shows name, role and company (with company_name view) on a strip, and the assignments below it', async () => {
    setup({
      keys: ['company_name:view'],
      user: { first_name: 'Sam', last_name: 'Super', role: 'supervisor' },
      userCount: { company_name: 'Demo Health', counts: null },
    });
    expect(await screen.findByText('Sam Super')).toBeTruthy();
    expect(screen.getByTestId('profile-role').textContent).toContain('supervisor');
    expect((await screen.findByTestId('profile-company')).textContent).toContain('Demo Health');
    const assignments = screen.getByText('the assignments');
    // issue 31: the profile is a strip above the assignments (a section named by the person), not a column
    const strip = screen.getByRole('region', { name: 'Sam Super' });
    expect(strip.compareDocumentPosition(assignments) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(strip.contains(assignments)).toBe(false);
    expect(strip.parentElement?.contains(assignments)).toBe(true);
  });

  it('hides the company without company_name view', async () => {
    setup({ keys: ['sim_list:view'], user: { company_name: 'Secret Co' } });
    await screen.findByText('Ada Lovelace');
    await screen.findByTestId('completed-assignments');
    expect(screen.queryByText(/Secret Co/)).toBeNull();
  });

  it('shows the user counts when the server answers them (user_account view)', async () => {
    setup({ keys: ['user_account:view'], userCount: { company_name: null, counts: COUNTS } });
    const counts = await screen.findByTestId('profile-counts');
    const pairs = [
      [T.totalSupervisors, '2'],
      [T.totalManagers, '1'],
      [T.totalAgents, '14'],
      [T.totalUsers, '18'],
      [T.totalApplicants, '3'],
      [T.totalGroups, '4'],
    ];
    for (const [label, value] of pairs) {
      const term = within(counts).getByText(label);
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
  });

  it('has no counts when the server leaves them out', async () => {
    setup();
    await screen.findByTestId('completed-assignments');
    expect(screen.queryByTestId('profile-counts')).toBeNull();
    expect(screen.queryByText(T.totalAgents)).toBeNull();
  });

  it('shows Completed Assignments as completed/(my+completed) and Ready for Review', async () => {
    setup();
    expect((await screen.findByTestId('completed-assignments')).textContent).toBe('3/7');
    expect(screen.getByTestId('ready-for-review').textContent).toBe('2');
  });

  it('says the assignments come later when the app mounts no parts', async () => {
    setup({ parts: null });
    expect(await screen.findByText(UI_MESSAGES.assignmentsComingSoon)).toBeTruthy();
  });
});
