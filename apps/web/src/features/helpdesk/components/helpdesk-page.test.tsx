import {
  DATA_TABLE_TEXTS,
  DEFAULT_TICKET_FILTERS,
  HELPDESK_MESSAGES as M,
  HELPDESK_TEXTS as T,
  type TAssignment,
  type TTicketStats,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FILTERS_STORAGE_KEY } from '../lib/ticket-filters-storage';
import { mockApi, ok, renderHelpdesk, rowId, signInAs, ticketOf } from '../testing/harness';
import { HelpdeskPage } from './helpdesk-page';

const STATS: TTicketStats = {
  total: 14,
  unassigned: 6,
  pending: 4,
  inProgress: 3,
  resolved: 3,
  rejected: 2,
  archived: 2,
};
const AGENT = ['tickets:view', 'tickets:create', 'ticket_entries:view', 'ticket_entries:create', 'assignment:view'];
const TRAINER = [
  'tickets:view',
  'tickets:update',
  'tickets:delete',
  'all_assignments:view',
  'review_assignments:view',
  'groups:view',
];

function review(n: number): TAssignment {
  return {
    _id: rowId(900 + n),
    assignment_id: rowId(900 + n),
    assignment: `Cardiology referral ${n}`,
    sim_id: rowId(100),
    sim_type: 'training',
    tool_type: 'Training SIM',
    tool_id: null,
    product_type: 'Voice Only',
    assigned_to: 'Alex Agent',
    assigned_to_id: rowId(50),
    assigned_profile_url: null,
    assigned_by: 'Sofia Supervisor',
    assigned_on: '2030-03-01T10:00:00.000Z',
    groups: [],
    notes: '',
    status: 'PENDING REVIEW',
    review_comments: '',
    start_date: null,
    completed_on: null,
    send_for_review_date: '2030-03-03T10:00:00.000Z',
    date_of_review: null,
    screen_recording: false,
    reviewer: null,
    is_mine: false,
  };
}

function setup(keys: string[], url = '/helpdesk') {
  const session = signInAs(keys);
  const long = 'The customer line does not play and I cannot go on with the level at all';
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/help-desk/tickets/list')
      return ok({
        tickets: [
          ticketOf(1, { message: long, entries: [{ ...ticketOf(1).entries[0], message: long }], messages_count: 4 }),
        ],
        stats: STATS,
        total: 12,
      });
    if (call.path === '/api/v1/sims/assignment/list') return ok({ assignments: [review(1)], total: 1 });
    if (call.path === '/api/v1/sims/assignment/count')
      return ok({
        allAssignmentCount: 0,
        myAssignmentCount: 0,
        completedAssignmentCount: 0,
        readyForReviewCount: 5,
        pendingForReview: 0,
        completedAssignCount: 0,
        unopenedCompletedAssignments: 0,
        unopenedPendingAssignments: 0,
      });
    if (call.path === '/api/v1/sims/agent-assignment-history')
      return ok({
        assignment_id: rowId(901),
        history: [{ _id: rowId(990), sim_level_id: rowId(101), status: 'completed' }],
      });
    return undefined;
  });
  const utils = renderHelpdesk(<HelpdeskPage />, url);
  return { calls, ...utils };
}

const lists = (calls: ReturnType<typeof setup>['calls']) =>
  calls.filter((c) => c.path === '/api/v1/help-desk/tickets/list');

describe('/helpdesk', () => {
  it('starts a learner on Help Requests: chips with counts, the first message cut at 40 and n more messages', async () => {
    setup(AGENT);
    expect(await screen.findByRole('tab', { name: `${T.helpRequests} (14)`, selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: T.ticketsTable });
    expect(within(table).getByText('The customer line does not play and I...')).toBeTruthy();
    expect(within(table).getByText(T.moreMessages(3))).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: T.showMore }));
    expect(within(table).getByText(/cannot go on with the level at all/)).toBeTruthy();
    const chips = screen.getByRole('group', { name: T.filtersLabel });
    expect(within(chips).getByRole('button', { name: `${T.filterLabels.pending} (4)` })).toBeTruthy();
    expect(
      within(chips)
        .getByRole('button', { name: `${T.filterLabels.archived} (2)` })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(screen.getByText('Showing 1 to 1 of 12 entries')).toBeTruthy();
    // a learner has no Ready For Review list
    await userEvent.click(screen.getByRole('tab', { name: `${T.readyForReview} (0)` }));
    expect(await screen.findByText(M.noAssignments)).toBeTruthy();
  });

  it('shows the tickets’ main columns; SIM, LEVEL and SCRIPT in each row’s details or chosen (issue 31)', async () => {
    const user = userEvent.setup();
    setup(AGENT);
    const table = await screen.findByRole('table', { name: T.ticketsTable });
    await within(table).findByText('#1');
    const C = T.columns;
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers()).toEqual([C.ticket, C.message, C.creator, C.status, C.created_at, C.owner, C.actions]);
    // the details of the row: the ticket's place, without opening the ticket
    await user.click(within(table).getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('#1') }));
    const details = await screen.findByRole('dialog', { name: '#1' });
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value(C.sim)).toBe('Cardiology referral');
    expect(value(C.level)).toBe(T.levelValue(2, 'Say it with keywords'));
    expect(value(C.script)).toBe(T.scriptValue(2));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: new RegExp(T.ticketTitle(1)) })).toBeNull();
    // every column of the spec once chosen, in its order
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    const chooser = await screen.findByRole('dialog', { name: DATA_TABLE_TEXTS.chooseColumns });
    for (const name of [C.sim, C.level, C.script]) await user.click(within(chooser).getByRole('checkbox', { name }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers()).toEqual([
      C.ticket,
      C.message,
      C.creator,
      C.status,
      C.sim,
      C.level,
      C.script,
      C.created_at,
      C.owner,
      C.actions,
    ]);
  });

  it('toggles a filter: the list asks again and the choice is kept in local storage', async () => {
    const { calls } = setup(AGENT);
    const archived = await screen.findByRole('button', { name: `${T.filterLabels.archived} (2)` });
    expect(lists(calls)[0].body).toMatchObject({
      filters: DEFAULT_TICKET_FILTERS,
      orderBy: 'created_at',
      order: 'desc',
    });
    await userEvent.click(archived);
    await waitFor(() => expect(lists(calls).at(-1)?.body).toMatchObject({ filters: { archived: true } }));
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({ archived: true });
    await userEvent.click(screen.getByRole('button', { name: T.columns.owner }));
    await waitFor(() => expect(lists(calls).at(-1)?.body).toMatchObject({ orderBy: 'owner', order: 'asc' }));
  });

  it('reads the stored filters on the next visit', async () => {
    localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ pending: false, archived: true, bogus: 1 }));
    const { calls } = setup(AGENT);
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    expect(lists(calls)[0].body).toMatchObject({
      filters: { ...DEFAULT_TICKET_FILTERS, pending: false, archived: true },
    });
  });

  it('starts a trainer with all-assignments view on Ready For Review; Review opens the result', async () => {
    const { router } = setup(TRAINER);
    expect(await screen.findByRole('tab', { name: `${T.readyForReview} (5)`, selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: T.reviewTable });
    expect(within(table).getByText('Cardiology referral 1')).toBeTruthy();
    for (const label of Object.values({
      a: T.columns.assigned_to,
      b: T.columns.tool_type,
      c: T.columns.assignment,
      d: T.columns.assigned_on,
      e: T.columns.assigned_by,
      f: T.columns.send_for_review_date,
    }))
      expect(within(table).getByRole('button', { name: label })).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: T.review('Cardiology referral 1') }));
    await waitFor(() => expect(router.state.location.search).toContain(`viewResult=true&assignment_id=${rowId(901)}`));
    expect(router.state.location.search).toContain(`levelId=${rowId(101)}&`.slice(0, -1));
    expect(router.state.location.search).toContain('reviewer=true');
  });

  it('shows the spec’s text without any assignments view', async () => {
    setup(['tickets:view'], '/helpdesk?tab=1');
    expect(await screen.findByText(M.noPermissionView)).toBeTruthy();
  });
});
