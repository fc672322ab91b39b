import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helpdeskTicketEntries, helpdeskTickets, notificationRecipients, notifications } from '../src/db/schema/index';
import { type Answer, busyJob, type Caller, runPool, type StaffedCompany, staffedCompany, testApp } from './factories';
import { helpdeskCalls, PNG_1x1, uploadAttachment } from './factories/helpdesk';

/**
 * Two companies at once: learners ask for help (with attachments) while trainers reply, assign, resolve and
 * reject the same tickets (racing each other), supervisors and learners read the lists and tickets, and a
 * background job keeps each company's database busy. Every answer holds only its company's records; ticket
 * numbers are unique and gapless per company; each ticket ends with exactly one status change, and the
 * learner heard of each change that was answered 200.
 */
describe('helpdesk in two companies at once', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  type Company = StaffedCompany<{ agent2: true }>;
  interface Call {
    company: Company;
    kind: 'create' | 'read' | 'reply' | 'decide' | 'assign';
    ticketId?: string;
    run: () => Promise<Answer>;
  }

  it('keeps every answer in its company, numbers gapless, and one decision per ticket', async () => {
    const idsOf = (c: Company) => [c.company.companyId, ...Object.values(c.users).map((u) => u.id)];
    const foreign = new Map([
      [a, idsOf(b)],
      [b, idsOf(a)],
    ]);
    const check = (calls: Call[], answers: Answer[]) =>
      answers.forEach((answer, i) => {
        const call = calls[i];
        expect(answer.statusCode, `${call.kind}: ${answer.body}`).toBeLessThan(500);
        for (const id of foreign.get(call.company)!) expect(answer.body).not.toContain(id);
        if (call.kind === 'decide') expect([200, 409], answer.body).toContain(answer.statusCode);
        else expect(answer.statusCode, `${call.kind}: ${answer.body}`).toBe(200);
      });

    const jobs = [busyJob(ctx, a.company.companyId), busyJob(ctx, b.company.companyId)];
    const jobIds = await Promise.all(jobs.map((j) => j.start()));

    // round 1: 8 requests a company at once (two learners, half with a screenshot), and the lists read meanwhile
    const round1: Call[] = [];
    for (const company of [a, b])
      for (let i = 0; i < 8; i++) {
        const learner: Caller = i % 2 ? company.as.agent2 : company.as.agent;
        round1.push({
          company,
          kind: 'create',
          run: async () => {
            const attachments = i % 4 === 0 ? [await uploadAttachment(ctx, learner, `shot-${i}.png`, PNG_1x1)] : [];
            return helpdeskCalls(learner).add({ message: `Help ${i}`, page: '/dashboard', attachments });
          },
        });
        round1.push({ company, kind: 'read', run: () => helpdeskCalls(company.as.supervisor).list() });
      }
    const created = await runPool(
      round1.map((c) => () => c.run()),
      8,
    );
    check(round1, created);
    const ticketsOf = (company: Company) =>
      created
        .filter((_r, i) => round1[i].company === company && round1[i].kind === 'create')
        .map((r) => r.json().ticket);

    // round 2: on every ticket, a reply, an assignment, and a resolve racing a reject; reads all along
    const round2: Call[] = [];
    for (const company of [a, b])
      for (const ticket of ticketsOf(company)) {
        const t = ticket._id as string;
        const learner = ticket.created_by._id === company.users.agent.id ? company.as.agent : company.as.agent2;
        round2.push(
          { company, kind: 'reply', ticketId: t, run: () => helpdeskCalls(company.as.manager).reply(t, 'On it') },
          {
            company,
            kind: 'assign',
            ticketId: t,
            run: () => helpdeskCalls(company.as.admin).assign(t, company.users.manager.id),
          },
          { company, kind: 'decide', ticketId: t, run: () => helpdeskCalls(company.as.manager).close(t, 'RESOLVED') },
          { company, kind: 'decide', ticketId: t, run: () => helpdeskCalls(company.as.admin).close(t, 'REJECTED') },
          { company, kind: 'read', run: () => helpdeskCalls(learner).get(t) },
          {
            company,
            kind: 'read',
            run: () => helpdeskCalls(company.as.supervisor).list({ filters: { archived: true } }),
          },
          { company, kind: 'read', run: () => helpdeskCalls(learner).list() },
        );
      }
    // a reply or an assignment that comes after the decision is refused (409): both are allowed to lose
    const answers = await runPool(
      round2.map((c) => () => c.run()),
      8,
    );
    answers.forEach((answer, i) => {
      const call = round2[i];
      if (call.kind === 'reply' || call.kind === 'assign')
        expect([200, 409], `${call.kind}: ${answer.body}`).toContain(answer.statusCode);
    });
    check(
      round2.filter((c) => c.kind === 'read' || c.kind === 'decide'),
      answers.filter((_r, i) => round2[i].kind === 'read' || round2[i].kind === 'decide'),
    );

    for (const [i, job] of jobs.entries()) {
      const { row, warnings } = await job.finish(jobIds[i]);
      expect(row.status).toBe('done');
      expect(warnings).toEqual([]);
    }

    for (const company of [a, b]) {
      const rows = await ctx.db
        .select()
        .from(helpdeskTickets)
        .where(eq(helpdeskTickets.companyId, company.company.companyId));
      expect(rows.map((r) => r.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const ticket of rows) {
        const decisions = answers.filter(
          (r, i) => round2[i].ticketId === ticket.id && round2[i].kind === 'decide' && r.statusCode === 200,
        );
        expect(decisions).toHaveLength(1);
        expect(ticket.status).toBe(decisions[0].json().ticket.status);
        const entries = await ctx.db
          .select()
          .from(helpdeskTicketEntries)
          .where(and(eq(helpdeskTicketEntries.ticketId, ticket.id), eq(helpdeskTicketEntries.action, 'status')));
        expect(entries).toHaveLength(1);
        // the learner heard of the decision (one notification of it), in their company
        const heard = await ctx.db
          .select({ companyId: notifications.companyId, message: notifications.message })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(
            and(
              eq(notificationRecipients.userId, ticket.createdById!),
              inArray(notifications.createdBy, [company.users.manager.id, company.users.admin.id]),
            ),
          );
        expect(heard.every((n) => n.companyId === company.company.companyId)).toBe(true);
        expect(
          heard.filter(
            (n) =>
              n.message ===
              `Helpdesk ticket #${ticket.number} was marked ${ticket.status} by ${
                ticket.status === 'RESOLVED' ? 'Marco manager' : 'Ada admin'
              }.`,
          ),
        ).toHaveLength(1);
      }
    }
  });
});
