import { DEFAULT_TICKET_FILTERS, type TicketStatus } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTakeSim, expectFailure, staffedCompany, type TakeSim, testApp } from './factories';
import { buildTicket, helpdeskCalls, type TestTicket } from './factories/helpdesk';

/**
 * The ticket list (administration-and-support.md sections 2, 3 and 7): POST /help-desk/tickets/list with
 * page, textSearch, orderBy (default createdAt), order and the filter toggles; it answers the page (10 a
 * page), the stats of the chips (over the search, not the filters) and the total of the filtered list.
 */
describe('the ticket list: filters, stats, search, sort and paging', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let sim: TakeSim;
  const made: TestTicket[] = [];
  const t0 = Date.parse('2030-05-01T09:00:00Z');

  // 14 tickets: statuses and assignees spread, one a minute
  const plan: [TicketStatus, 'manager' | 'admin' | null, 'agent' | 'agent2', string][] = [
    ['PENDING', null, 'agent', 'Cannot hear the caller'],
    ['PENDING', null, 'agent2', 'Microphone is silent'],
    ['PENDING', 'manager', 'agent', 'Keyword schedule never ticks'],
    ['IN PROGRESS', 'manager', 'agent', 'Stuck on level two'],
    ['IN PROGRESS', 'admin', 'agent2', 'The case panel is empty'],
    ['IN PROGRESS', null, 'agent2', 'Where is the hint text'],
    ['RESOLVED', 'manager', 'agent', 'Audio is choppy'],
    ['RESOLVED', null, 'agent2', 'Wrong sim assigned'],
    ['CLOSED', 'admin', 'agent', 'Closed by the trainer'],
    ['REJECTED', 'admin', 'agent', 'Not a real problem'],
    ['REJECTED', null, 'agent2', 'Duplicate request'],
    ['ARCHIVED', 'manager', 'agent', 'Old question about insurance'],
    ['ARCHIVED', null, 'agent2', 'Older question'],
    ['PENDING', 'admin', 'agent', 'Please explain the insurance card keyword'],
  ];

  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin, { fields: { title: 'Cardiology referral' } });
    for (const [i, [status, owner, creator, message]] of plan.entries())
      made.push(
        await buildTicket(ctx, {
          companyId: a.company.companyId,
          createdById: a.users[creator].id,
          assignedToId: owner ? a.users[owner].id : null,
          status,
          message,
          simId: i % 2 === 0 ? sim.simId : null,
          simLevelId: i % 2 === 0 ? sim.levels[(i / 2) % 2].id : null,
          createdAt: new Date(t0 + i * 60_000),
          updatedAt: new Date(t0 + i * 60_000),
        }),
      );
    // another company's tickets never count
    await buildTicket(ctx, { companyId: b.company.companyId, createdById: b.users.agent.id, message: 'Cannot hear' });
  });

  const list = async (body: Record<string, unknown> = {}, as = a.as.admin, query = '') => {
    const res = await helpdeskCalls(as).list(body, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      tickets: { _id: string; status: TicketStatus; message: string; assigned_to: unknown; entries: unknown[] }[];
      stats: Record<string, number>;
      total: number;
    };
  };
  const count = (pred: (p: (typeof plan)[number]) => boolean) => plan.filter(pred).length;

  it('answers the stats of every chip and, by default, hides archived tickets', async () => {
    const answer = await list();
    expect(answer.stats).toEqual({
      total: 14,
      unassigned: count((p) => p[1] === null),
      pending: 4,
      inProgress: 3,
      resolved: 3, // RESOLVED and CLOSED
      rejected: 2,
      archived: 2,
    });
    expect(answer.total).toBe(12);
    expect(answer.tickets).toHaveLength(10); // 10 a page
    expect(answer.tickets.every((t) => t.status !== 'ARCHIVED')).toBe(true);
    // newest first (createdAt desc), each with its first entry only
    expect(answer.tickets[0].message).toBe('Please explain the insurance card keyword');
    expect(answer.tickets[0].entries).toHaveLength(1);
    const second = await list({ page: 1 });
    expect(second.tickets).toHaveLength(2);
    expect(new Set([...answer.tickets, ...second.tickets].map((t) => t._id)).size).toBe(12);
  });

  it('applies each filter toggle: statuses shown, and unassigned tickets only with unassigned on', async () => {
    const only = (on: Partial<typeof DEFAULT_TICKET_FILTERS>) =>
      Object.fromEntries(Object.keys(DEFAULT_TICKET_FILTERS).map((k) => [k, on[k as keyof typeof on] ?? false]));
    const pendingOnly = await list({ filters: { ...only({ pending: true }), unassigned: true } });
    expect(pendingOnly.total).toBe(4);
    expect(pendingOnly.tickets.every((t) => t.status === 'PENDING')).toBe(true);
    const assignedPending = await list({ filters: only({ pending: true }) });
    expect(assignedPending.total).toBe(2);
    expect(assignedPending.tickets.every((t) => t.assigned_to !== null)).toBe(true);
    const archived = await list({ filters: { ...only({ archived: true }), unassigned: true } });
    expect(archived.tickets.map((t) => t.status)).toEqual(['ARCHIVED', 'ARCHIVED']);
    const resolved = await list({ filters: { ...only({ resolved: true }), unassigned: true } });
    expect(resolved.tickets.map((t) => t.status).sort()).toEqual(['CLOSED', 'RESOLVED', 'RESOLVED']);
    const none = await list({ filters: only({}) });
    expect(none).toMatchObject({ total: 0, tickets: [] });
    expect(none.stats.total).toBe(14); // the chips keep their counts
    const all = await list({ filters: { archived: true } });
    expect(all.total).toBe(14);
    expectFailure(await helpdeskCalls(a.as.admin).list({ filters: { closed: true } }), 400, 'INVALID');
    expectFailure(await helpdeskCalls(a.as.admin).list({ filters: { pending: 'yes' } }), 400, 'INVALID');
  });

  it('searches the message, the people, the sim, the level and the number; the stats follow the search', async () => {
    const insurance = await list({ textSearch: 'insurance', filters: { archived: true } });
    expect(insurance.tickets.map((t) => t.message).sort()).toEqual([
      'Old question about insurance',
      'Please explain the insurance card keyword',
    ]);
    expect(insurance.stats).toMatchObject({ total: 2, archived: 1, pending: 1 });
    const byCreator = await list({ textSearch: 'Bruno', filters: { archived: true } });
    expect(byCreator.total).toBe(count((p) => p[2] === 'agent2'));
    const byOwner = await list({ textSearch: 'Marco', filters: { archived: true } });
    expect(byOwner.total).toBe(count((p) => p[1] === 'manager'));
    const bySim = await list({ textSearch: 'cardiology', filters: { archived: true } });
    expect(bySim.total).toBe(7);
    const byNumber = await list({ textSearch: `#${made[3].number}` });
    expect(byNumber.tickets.map((t) => t._id)).toEqual([made[3].id]);
    expect((await list({ textSearch: '100%_' })).total).toBe(0); // wildcards are text
  });

  it('sorts by every column of the spec, both ways (createdAt the default, also as query)', async () => {
    const all = { filters: { archived: true }, limit: 50 };
    const oldest = await list({ ...all, order: 'asc' });
    expect(oldest.tickets[0].message).toBe('Cannot hear the caller');
    const viaQuery = await list({ filters: { archived: true } }, a.as.admin, '?page=1&orderBy=createdAt&order=asc');
    expect(viaQuery.tickets[0].message).toBe(plan[10][3]);
    for (const orderBy of ['creator', 'status', 'sim', 'level', 'script', 'created_at', 'owner'])
      for (const order of ['asc', 'desc']) {
        const res = await list({ ...all, orderBy, order });
        expect(res.tickets, `${orderBy} ${order}`).toHaveLength(14);
      }
    const byStatus = await list({ ...all, orderBy: 'status', order: 'asc' });
    const statuses = byStatus.tickets.map((t) => t.status);
    expect(statuses).toEqual([...statuses].sort());
    const byOwner = await list({ ...all, orderBy: 'owner', order: 'asc' });
    const owners = byOwner.tickets.map((t) => (t.assigned_to as { full_name: string } | null)?.full_name ?? null);
    const named = owners.filter((o) => o !== null) as string[];
    expect(named).toEqual([...named].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(owners.slice(named.length).every((o) => o === null)).toBe(true); // nulls last ascending
    expectFailure(await helpdeskCalls(a.as.admin).list({ orderBy: 'password' }), 400, 'INVALID');
    expectFailure(await helpdeskCalls(a.as.admin).list({ page: -1 }), 400, 'INVALID');
  });

  it("a learner's list and stats hold only their own tickets", async () => {
    const mine = await list({ filters: { archived: true } }, a.as.agent2);
    expect(mine.stats.total).toBe(count((p) => p[2] === 'agent2'));
    expect(mine.total).toBe(mine.stats.total);
    const theirs = await list({ filters: { archived: true } }, b.as.admin);
    expect(theirs.stats.total).toBe(1);
  });
});
