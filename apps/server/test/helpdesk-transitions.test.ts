import {
  CLOSE_STATUS_MESSAGES,
  HELPDESK_MESSAGES as M,
  HELPDESK_NOTIFICATIONS as N,
  type TicketStatus,
} from '@sim/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helpdeskTickets, notificationRecipients, notifications } from '../src/db/schema/index';
import { expectFailure, staffedCompany, testApp, userWithGrants } from './factories';
import { buildTicket, grantToRole, helpdeskCalls } from './factories/helpdesk';

/**
 * Ticket statuses (administration-and-support.md sections 4 and 6): PENDING → IN PROGRESS (assigned, or
 * answered by someone who handles tickets) → RESOLVED | REJECTED | CLOSED → ARCHIVED. Resolve and Reject only
 * while PENDING or IN PROGRESS (409 with the reason otherwise); Close needs update and delete; the creator and
 * the assignee hear of replies and status changes through the bell, never the one who acted.
 */
describe('ticket statuses and transitions', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });

  const ticket = (status: TicketStatus = 'PENDING', extra: { assignedToId?: string } = {}) =>
    buildTicket(ctx, { companyId: a.company.companyId, createdById: a.users.agent.id, status, ...extra });
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(helpdeskTickets).where(eq(helpdeskTickets.id, id)))[0];
  const bell = async (userId: string) =>
    ctx.db
      .select({ message: notifications.message, createdBy: notifications.createdBy })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(and(eq(notificationRecipients.userId, userId), eq(notificationRecipients.isNew, true)))
      .orderBy(desc(notifications.createdAt));

  it('resolves, rejects and closes only while PENDING or IN PROGRESS, and archives only a finished ticket', async () => {
    const admin = helpdeskCalls(a.as.admin);
    const cases: [TicketStatus, 'RESOLVED' | 'REJECTED' | 'CLOSED' | 'ARCHIVED', boolean][] = [];
    for (const from of ['PENDING', 'IN PROGRESS', 'RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED'] as const)
      for (const to of ['RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED'] as const)
        cases.push([
          from,
          to,
          to === 'ARCHIVED'
            ? ['RESOLVED', 'REJECTED', 'CLOSED'].includes(from)
            : ['PENDING', 'IN PROGRESS'].includes(from),
        ]);
    for (const [from, to, allowed] of cases) {
      const t = await ticket(from);
      const res = await admin.close(t.id, to, `to ${to}`);
      if (allowed) {
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
        expect(res.json().message).toBe(CLOSE_STATUS_MESSAGES[to]);
        expect(res.json().ticket).toMatchObject({ status: to });
        expect(res.json().ticket.entries.at(-1)).toMatchObject({ action: 'status', status: to, message: `to ${to}` });
      } else {
        expectFailure(res, 409, 'CONFLICT', M.statusRefused(from, to));
        expect((await statusOf(t.id)).status).toBe(from);
      }
    }
  });

  it('refuses to resolve a rejected ticket with a clear message (409), and closing defaults to RESOLVED', async () => {
    const t = await ticket();
    const admin = helpdeskCalls(a.as.admin);
    expect((await admin.close(t.id, 'REJECTED')).statusCode).toBe(200);
    const refused = await admin.close(t.id, 'RESOLVED');
    expectFailure(
      refused,
      409,
      'CONFLICT',
      'This Helpdesk ticket is REJECTED: it can be marked RESOLVED only while it is PENDING or IN PROGRESS.',
    );
    expectFailure(
      await admin.reply(t.id, 'one more thing'),
      409,
      'CONFLICT',
      M.notOpen('REJECTED', 'messages can be added'),
    );
    expectFailure(await admin.assign(t.id, a.users.manager.id), 409, 'CONFLICT');
    const other = await ticket();
    const res = await admin.close(other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.markedResolved, ticket: { status: 'RESOLVED' } });
    expectFailure(await admin.close(other.id, 'DONE'), 400, 'INVALID');
    expectFailure(await admin.close(other.id, 'resolved'), 400, 'INVALID');
  });

  it('a trainer’s reply starts the work (IN PROGRESS, theirs); the learner’s own reply changes nothing', async () => {
    const t = await ticket();
    const learner = await helpdeskCalls(a.as.agent).reply(t.id, 'Still stuck on step 2.');
    expect(learner.statusCode, learner.body).toBe(200);
    expect(learner.json()).toMatchObject({ message: M.updated, ticket: { status: 'PENDING', assigned_to: null } });
    const manager = await helpdeskCalls(a.as.manager).reply(t.id, 'Say the keywords slowly.', {
      sim_id: null,
      level_id: null,
    });
    expect(manager.statusCode, manager.body).toBe(200);
    expect(manager.json().ticket).toMatchObject({
      status: 'IN PROGRESS',
      assigned_to: { _id: a.users.manager.id },
      messages_count: 3,
    });
    expect(manager.json().ticket.entries.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'reply',
      'reply',
    ]);
    // the learner hears of the reply; the trainer does not hear of their own
    const heard = await bell(a.users.agent.id);
    expect(heard[0].message).toBe(N.reply(t.number, 'Marco manager', 'Say the keywords slowly.'));
    expect((await bell(a.users.manager.id)).some((n) => n.message.includes(`#${t.number}:`))).toBe(false);
    // the learner's reply tells the assignee
    await helpdeskCalls(a.as.agent).reply(t.id, 'Thanks, trying now.');
    expect((await bell(a.users.manager.id))[0].message).toBe(N.reply(t.number, 'Alex agent', 'Thanks, trying now.'));
    // resolving tells the creator
    await helpdeskCalls(a.as.manager).close(t.id, 'RESOLVED', 'Glad it works.');
    expect((await bell(a.users.agent.id))[0].message).toBe(N.status(t.number, 'RESOLVED', 'Marco manager'));
  });

  it('assigns an open ticket to someone who handles tickets: PENDING → IN PROGRESS, both are told', async () => {
    const t = await ticket();
    const admin = helpdeskCalls(a.as.admin);
    const res = await admin.assign(t.id, a.users.manager.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.assigned,
      ticket: { status: 'IN PROGRESS', assigned_to: { _id: a.users.manager.id, full_name: 'Marco manager' } },
    });
    const text = N.assigned(t.number, 'Marco manager');
    expect((await bell(a.users.manager.id))[0].message).toBe(text);
    expect((await bell(a.users.agent.id))[0].message).toBe(text);
    // a supervisor holds no tickets update by default, an agent neither: not someone to assign to
    expectFailure(await admin.assign(t.id, a.users.supervisor.id), 422, 'RULE_BROKEN', M.notATrainer);
    expectFailure(await admin.assign(t.id, a.users.agent2.id), 422, 'RULE_BROKEN', M.notATrainer);
    const people = await admin.assignees();
    expect(people.statusCode, people.body).toBe(200);
    const ids = (people.json().users as { _id: string }[]).map((u) => u._id);
    expect(ids).toEqual(expect.arrayContaining([a.users.admin.id, a.users.manager.id]));
    expect(ids).not.toContain(a.users.supervisor.id);
    expect(ids).not.toContain(a.users.agent.id);
  });

  it('permissions per role: learners ask and reply on their own; supervisors read; managers and admins handle', async () => {
    const t = await ticket();
    const agent = helpdeskCalls(a.as.agent);
    const agent2 = helpdeskCalls(a.as.agent2);
    const supervisor = helpdeskCalls(a.as.supervisor);
    // an agent may not resolve, assign, delete or list assignees (403), even with forged headers
    expectFailure(await agent.close(t.id, 'RESOLVED'), 403, 'FORBIDDEN');
    expectFailure(await agent.assign(t.id, a.users.manager.id), 403, 'FORBIDDEN');
    expectFailure(await agent.remove(t.id), 403, 'FORBIDDEN');
    expectFailure(await agent.assignees(), 403, 'FORBIDDEN');
    // another learner does not see it at all
    expectFailure(await agent2.reply(t.id, 'me too'), 404, 'NOT_FOUND');
    // a supervisor (every view, tickets create) reads but does not reply, resolve or delete
    expect((await supervisor.get(t.id)).statusCode).toBe(200);
    expectFailure(await supervisor.reply(t.id, 'hello'), 403, 'FORBIDDEN');
    expectFailure(await supervisor.close(t.id, 'RESOLVED'), 403, 'FORBIDDEN');
    expectFailure(await supervisor.remove(t.id), 403, 'FORBIDDEN');
    // close needs update and delete: update alone is refused, resolve is not (an Admin task makes the account
    // a staff one, which sees the company's tickets; without one it would see only its own)
    const updater = await userWithGrants(ctx, a.company, [
      { task: 'groups', type: 'view' },
      { task: 'tickets', type: 'view' },
      { task: 'tickets', type: 'update' },
    ]);
    const u = helpdeskCalls(updater.as);
    expectFailure(await u.close(t.id, 'CLOSED'), 403, 'FORBIDDEN', M.closeNeedsDelete);
    expect((await u.reply(t.id, 'On it.')).statusCode).toBe(200);
    expect((await u.close(t.id, 'RESOLVED')).statusCode).toBe(200);
    // a supervisor role given tickets update (the matrix) handles tickets
    await grantToRole(ctx, a.company.roleIds.supervisor, [{ task: 'tickets', type: 'update' }]);
    const next = await ticket();
    const res = await helpdeskCalls(a.as.supervisor).reply(next.id, 'Let me help.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket).toMatchObject({ status: 'IN PROGRESS', assigned_to: { _id: a.users.supervisor.id } });
    expect((await helpdeskCalls(a.as.admin).assign(next.id, a.users.supervisor.id)).statusCode).toBe(200);
  });

  it('deletes a ticket with its entries (tickets delete); it is gone for everyone', async () => {
    const t = await ticket('RESOLVED');
    const res = await helpdeskCalls(a.as.manager).remove(t.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.deleted });
    expect(await ctx.db.select().from(helpdeskTickets).where(eq(helpdeskTickets.id, t.id))).toEqual([]);
    expectFailure(await helpdeskCalls(a.as.admin).get(t.id), 404, 'NOT_FOUND', M.notFound);
    expectFailure(await helpdeskCalls(a.as.manager).remove(t.id), 404, 'NOT_FOUND');
  });
});
