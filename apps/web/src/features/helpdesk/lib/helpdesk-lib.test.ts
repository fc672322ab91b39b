import { DEFAULT_TICKET_FILTERS, type PermissionType, type TaskName, type TTicket } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { helpContextOf } from './help-context';
import { reviewUrl } from './review-url';
import { FILTERS_STORAGE_KEY, readTicketFilters, writeTicketFilters } from './ticket-filters-storage';
import { firstHelpdeskTab, reviewAccess, ticketRights } from './ticket-rules';

const ID = '00000000-0000-4000-8000-000000000001';
const can =
  (...keys: string[]) =>
  (task: TaskName, type: PermissionType) =>
    keys.includes(`${task}:${type}`);

describe('the help request’s context', () => {
  it('reads the page path and the ids of the take-sim query, dropping ids that are not ids', () => {
    expect(helpContextOf('/sims/takesim', `?levelId=${ID}&assignment_id=${ID}&sim_id=nope`)).toEqual({
      page: `/sims/takesim?levelId=${ID}&assignment_id=${ID}&sim_id=nope`,
      assignment_id: ID,
      sim_id: null,
      level_id: ID,
    });
    expect(helpContextOf('/dashboard', '')).toEqual({
      page: '/dashboard',
      assignment_id: null,
      sim_id: null,
      level_id: null,
    });
  });
});

describe('the stored filters', () => {
  it('reads defaults for nothing stored, damaged JSON or wrong values; keeps what is right', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(readTicketFilters(storage)).toEqual(DEFAULT_TICKET_FILTERS);
    store.set(FILTERS_STORAGE_KEY, '{not json');
    expect(readTicketFilters(storage)).toEqual(DEFAULT_TICKET_FILTERS);
    store.set(FILTERS_STORAGE_KEY, JSON.stringify({ archived: true, pending: 'no', extra: true }));
    expect(readTicketFilters(storage)).toEqual({ ...DEFAULT_TICKET_FILTERS, archived: true });
    writeTicketFilters({ ...DEFAULT_TICKET_FILTERS, rejected: false }, storage);
    expect(readTicketFilters(storage).rejected).toBe(false);
  });
});

describe('what the screen offers', () => {
  const ticket = (
    status: TTicket['status'],
    creator = 'u1',
  ): Pick<TTicket, 'status' | 'created_by' | 'assigned_to'> => ({
    status,
    created_by: { _id: creator, full_name: 'A', profile_picture_url: null },
    assigned_to: null,
  });
  it.each([
    [
      'a handler on a PENDING ticket',
      new Set(['tickets:update', 'tickets:delete']),
      'u9',
      'PENDING',
      { reply: true, decide: true, close: true, archive: false },
    ],
    [
      'update without delete: no close',
      new Set(['tickets:update']),
      'u9',
      'IN PROGRESS',
      { reply: true, decide: true, close: false },
    ],
    [
      'a handler on a REJECTED ticket',
      new Set(['tickets:update']),
      'u9',
      'REJECTED',
      { reply: false, decide: false, close: false, archive: true },
    ],
    [
      'its learner with entries create',
      new Set(['ticket_entries:create']),
      'u1',
      'PENDING',
      { reply: true, decide: false },
    ],
    ['another learner', new Set(['ticket_entries:create']), 'u2', 'PENDING', { reply: false }],
  ] as const)('%s', (_what, keys, userId, status, expected) => {
    expect(ticketRights(keys, userId, ticket(status))).toMatchObject(expected);
  });
  it('starts on Ready For Review with all-assignments view; says why the review list is not there', () => {
    expect(firstHelpdeskTab(can('all_assignments:view'))).toBe('review');
    expect(firstHelpdeskTab(can('tickets:view'))).toBe('help');
    expect(reviewAccess(can('tickets:view'))).toBe('noPermission');
    expect(reviewAccess(can('assignment:view'))).toBe('none');
    expect(reviewAccess(can('review_assignments:view'))).toBe('list');
  });
  it('opens a review in the result view of its level', () => {
    expect(reviewUrl({ _id: 'a', assigned_to_id: 'u', sim_id: 's' }, 'l')).toBe(
      '/sims/takesim?viewResult=true&assignment_id=a&user_id=u&sim_id=s&reviewer=true&levelId=l',
    );
  });
});
