import { HELPDESK_MESSAGES as M, MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpdeskTicketEntries, helpdeskTickets } from '../src/db/schema/index';
import {
  buildAssignment,
  buildAttempt,
  buildSim,
  buildTakeSim,
  expectFailure,
  MISSING_ID,
  staffedCompany,
  type TakeSim,
  testApp,
} from './factories';
import { buildTicket, helpdeskCalls } from './factories/helpdesk';

/**
 * Help requests (administration-and-support.md sections 3, 6 and 7): a learner asks from the screen they are
 * on — with the sim, level and the script they are stuck on when inside a level — and sees only their own
 * tickets; the company's trainers see every one; another company's ids answer 404.
 */
describe('help requests', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let sim: TakeSim;
  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin);
  });

  const add = async (body: Record<string, unknown>, as = a.as.agent) => {
    const res = await helpdeskCalls(as).add(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { message: string; ticket: Record<string, unknown> & { _id: string; ticket_id: number } };
  };

  it('creates a PENDING ticket numbered in the company, with its first entry and the page', async () => {
    const answer = await add({ message: '  I cannot hear the customer.  ', page: '/dashboard?tab=MY_ASSIGNMENT' });
    expect(answer.message).toBe(M.created);
    expect(answer.ticket).toMatchObject({
      status: 'PENDING',
      message: 'I cannot hear the customer.',
      page: '/dashboard?tab=MY_ASSIGNMENT',
      created_by: { _id: a.users.agent.id, full_name: 'Alex agent' },
      assigned_to: null,
      sim: null,
      level: null,
      script: null,
      assignment: null,
      attachments: [],
      messages_count: 1,
      entries: [
        {
          action: 'create',
          message: 'I cannot hear the customer.',
          created_by: a.users.agent.id,
          creator_name: 'Alex agent',
          creator_role: 'agent',
          status: null,
        },
      ],
    });
    const next = await add({ message: 'And the second one.' });
    expect(next.ticket.ticket_id).toBe(answer.ticket.ticket_id + 1);
    const [row] = await ctx.db.select().from(helpdeskTickets).where(eq(helpdeskTickets.id, answer.ticket._id));
    expect(row).toMatchObject({ companyId: a.company.companyId, createdById: a.users.agent.id, status: 'PENDING' });
    // another company numbers its own tickets from 1
    const theirs = await add({ message: 'Hello from b' }, b.as.agent);
    expect(theirs.ticket.ticket_id).toBe(1);
  });

  it('sends the sim, the level and the script the learner is on (the step of their latest attempt)', async () => {
    const level = sim.levels[1];
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'IN PROGRESS',
    });
    await buildAttempt(ctx, {
      companyId: a.company.companyId,
      assignmentId: assignment.id,
      userId: a.users.agent.id,
      simId: sim.simId,
      simLevelId: level.id,
      activeIndex: 1,
    });
    const { ticket } = await add({
      message: 'Which keywords here?',
      page: `/sims/takesim?levelId=${level.id}`,
      sim_id: sim.simId,
      level_id: level.id,
      script: -1,
      assignment_id: assignment.id,
    });
    expect(ticket).toMatchObject({
      sim_id: sim.simId,
      sim_level_id: level.id,
      level: { order: 2, name: expect.any(String) },
      assignment_id: assignment.id,
      assignment: { _id: assignment.id, status: 'IN PROGRESS' },
      script: {
        _id: level.scripts[1].id,
        order: level.scripts[1].sortOrder,
        script: level.scripts[1].script,
        audio_url: null,
        agent_recorded_url: null,
      },
    });
    // an explicit step wins; the sim follows from the assignment or the level
    const stepped = await add({ message: 'This one', level_id: level.id, script: 1, assignment_id: assignment.id });
    expect(stepped.ticket).toMatchObject({ sim_id: sim.simId, script: { _id: level.scripts[0].id, order: 1 } });
    expectFailure(
      await helpdeskCalls(a.as.agent).add({ message: 'x', level_id: level.id, script: 99 }),
      400,
      'INVALID',
      M.scriptNotOfLevel,
    );
    const other = await buildSim(ctx, a.users.admin);
    expectFailure(
      await helpdeskCalls(a.as.agent).add({ message: 'x', sim_id: other, level_id: level.id }),
      400,
      'INVALID',
      M.levelNotOfSim,
    );
    expectFailure(
      await helpdeskCalls(a.as.agent).add({ message: 'x', sim_id: other, assignment_id: assignment.id }),
      400,
      'INVALID',
      M.assignmentNotOfSim,
    );
    // another learner's assignment is not theirs to name
    expectFailure(
      await helpdeskCalls(a.as.agent2).add({ message: 'x', assignment_id: assignment.id }),
      404,
      'NOT_FOUND',
      MESSAGES.notFound,
    );
  });

  it("keeps another company's ids out (404) and refuses bad input (400) and no sign-in (401)", async () => {
    const theirSim = await buildTakeSim(ctx, b.users.admin);
    const theirAssignment = await buildAssignment(ctx, {
      companyId: b.company.companyId,
      simId: theirSim.simId,
      userId: b.users.agent.id,
    });
    const calls = helpdeskCalls(a.as.agent);
    for (const body of [
      { message: 'x', sim_id: theirSim.simId },
      { message: 'x', level_id: theirSim.levels[0].id },
      { message: 'x', assignment_id: theirAssignment.id },
      { message: 'x', sim_id: MISSING_ID },
    ])
      expectFailure(await calls.add(body), 404, 'NOT_FOUND', MESSAGES.notFound);
    for (const body of [
      {},
      { message: '   ' },
      { message: 42 },
      { message: 'x'.repeat(5001) },
      { message: 'x', sim_id: 'nope' },
      { message: 'x', script: 1.5 },
      { message: 'x', page: 'p'.repeat(2001) },
      { message: 'x', attachments: 'none' },
    ])
      expectFailure(await calls.add(body), 400, 'INVALID');
    expectFailure(await calls.add({ message: ' ' }), 400, 'INVALID', M.messageRequired);
    expectFailure(await helpdeskCalls(a.as.nobody).add({ message: 'x' }), 401, 'UNAUTHORIZED');
    expectFailure(await helpdeskCalls(a.as.nobody).list(), 401, 'UNAUTHORIZED');

    const theirs = await buildTicket(ctx, { companyId: b.company.companyId, createdById: b.users.agent.id });
    const admin = helpdeskCalls(a.as.admin);
    expectFailure(await admin.get(theirs.id), 404, 'NOT_FOUND', MESSAGES.notFound);
    expectFailure(await admin.reply(theirs.id, 'hi'), 404, 'NOT_FOUND');
    expectFailure(await admin.close(theirs.id, 'RESOLVED'), 404, 'NOT_FOUND');
    expectFailure(await admin.assign(theirs.id, a.users.manager.id), 404, 'NOT_FOUND');
    expectFailure(await admin.remove(theirs.id), 404, 'NOT_FOUND');
    expectFailure(await admin.detach(theirs.id, MISSING_ID), 404, 'NOT_FOUND');
    expectFailure(await admin.get(MISSING_ID), 404, 'NOT_FOUND');
    expectFailure(await admin.get('nope'), 400, 'INVALID');
    // nor can a ticket be given to someone of another company
    const mine = await buildTicket(ctx, { companyId: a.company.companyId, createdById: a.users.agent.id });
    expectFailure(await admin.assign(mine.id, b.users.manager.id), 404, 'NOT_FOUND');
    const [stored] = await ctx.db.select().from(helpdeskTickets).where(eq(helpdeskTickets.id, theirs.id));
    expect(stored.status).toBe('PENDING');
    const entries = await ctx.db
      .select()
      .from(helpdeskTicketEntries)
      .where(eq(helpdeskTicketEntries.ticketId, theirs.id));
    expect(entries).toHaveLength(1);
  });

  it('shows a learner only their own tickets; the company’s staff every one of the company', async () => {
    const own = await buildTicket(ctx, { companyId: a.company.companyId, createdById: a.users.agent2.id });
    const ids = async (as = a.as.agent) => {
      const res = await helpdeskCalls(as).list({ filters: { archived: true } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().tickets as { _id: string; created_by: { _id: string } }[]).map((t) => t._id);
    };
    expect(await ids(a.as.agent)).not.toContain(own.id);
    expect(await ids(a.as.agent2)).toContain(own.id);
    expect(await ids(a.as.supervisor)).toContain(own.id);
    expectFailure(await helpdeskCalls(a.as.agent).get(own.id), 404, 'NOT_FOUND', MESSAGES.notFound);
    const res = await helpdeskCalls(a.as.supervisor).get(own.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket).toMatchObject({ _id: own.id, created_by: { _id: a.users.agent2.id } });
    expect((await ids(b.as.admin)).includes(own.id)).toBe(false);
  });
});
