import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignmentReviews, assignments, notificationRecipients, notifications } from '../src/db/schema/index';
import {
  type Answer,
  buildAssignment,
  buildCompletedLevels,
  buildResult,
  buildTakeSim,
  busyJob,
  type Caller,
  reviewCalls,
  runPool,
  type StaffedCompany,
  staffedCompany,
  type TakeSim,
  testApp,
} from './factories';

/**
 * Two companies at once: learners send their assignments for review while the supervisors and managers
 * mark them (racing each other and the sends), admins and learners read results, track records and audio
 * status, and a background job keeps each company's database busy. Every answer holds only its company's
 * records; every decision that was answered 200 is exactly one track-record row and one notification.
 */
describe('reviews in two companies at once', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  type Company = StaffedCompany<{ agent2: true }>;

  interface Seat {
    company: Company;
    learner: Caller;
    learnerId: string;
    assignmentId: string;
    sim: TakeSim;
    attemptIds: string[];
  }
  interface Call {
    company: Company;
    seat?: Seat;
    kind: 'send' | 'mark' | 'read';
    run: () => Promise<Answer>;
  }

  it('keeps every answer in its company and one track-record row per decision', async () => {
    const seats: Seat[] = [];
    for (const company of [a, b]) {
      const sim = await buildTakeSim(ctx, company.users.admin);
      for (const key of ['agent', 'agent2', 'agent', 'agent2'] as const) {
        const assignment = await buildAssignment(ctx, {
          companyId: company.company.companyId,
          simId: sim.simId,
          userId: company.users[key].id,
          status: 'COMPLETED',
        });
        const built = await buildCompletedLevels(ctx, assignment, sim);
        seats.push({
          company,
          learner: company.as[key],
          learnerId: company.users[key].id,
          assignmentId: assignment.id,
          sim,
          attemptIds: built.map((r) => r.attempt.id),
        });
      }
    }
    const idsOf = (company: Company) => [
      company.company.companyId,
      ...Object.values(company.users).map((u) => u.id),
      ...seats.filter((s) => s.company === company).flatMap((s) => [s.assignmentId, s.sim.simId, ...s.attemptIds]),
    ];
    const foreign = new Map([
      [a, idsOf(b)],
      [b, idsOf(a)],
    ]);

    const reads = (seat: Seat): Call[] => {
      const body = { assignment_id: seat.assignmentId, sim_id: seat.sim.simId, levelId: seat.sim.levels[1].id };
      const { company } = seat;
      return [
        { company, kind: 'read', run: () => reviewCalls(seat.learner).result(body) },
        { company, kind: 'read', run: () => reviewCalls(company.as.admin).result(body, `user_id=${seat.learnerId}`) },
        { company, kind: 'read', run: () => reviewCalls(company.as.supervisor).trackRecord(seat.assignmentId) },
        { company, kind: 'read', run: () => reviewCalls(seat.learner).audioStatus(seat.sim.simId, seat.assignmentId) },
        { company, kind: 'read', run: () => company.as.manager.get('/api/v1/sims/assignment/list?tab=PENDING_REVIEW') },
      ];
    };
    const marks = (seat: Seat): Call[] =>
      (
        [
          [seat.company.as.supervisor, 'PASS'],
          [seat.company.as.manager, 'NO PASS'],
        ] as const
      ).map(([as, status]) => ({
        company: seat.company,
        seat,
        kind: 'mark' as const,
        run: () => reviewCalls(as).setStatus(seat.assignmentId, status, { review_comments: `${status} by race` }),
      }));
    const send = (seat: Seat): Call => ({
      company: seat.company,
      seat,
      kind: 'send',
      run: () => reviewCalls(seat.learner).setStatus(seat.assignmentId, 'PENDING REVIEW'),
    });

    const decisions = new Map<string, number>();
    const runRound = async (calls: Call[]) => {
      const answers = await runPool(
        calls.map((c) => () => c.run()),
        8,
      );
      answers.forEach((answer, i) => {
        const call = calls[i];
        for (const id of foreign.get(call.company)!) expect(answer.body).not.toContain(id);
        if (call.kind === 'read') expect(answer.statusCode, answer.body).toBe(200);
        else expect([200, 409], answer.body).toContain(answer.statusCode);
        if (call.kind === 'mark' && answer.statusCode === 200)
          decisions.set(call.seat!.assignmentId, (decisions.get(call.seat!.assignmentId) ?? 0) + 1);
      });
      return answers;
    };

    const jobs = [busyJob(ctx, a.company.companyId), busyJob(ctx, b.company.companyId)];
    const jobIds = await Promise.all(jobs.map((j) => j.start()));

    // round 1: sends, marks and reads interleaved (marks before a send are refused: not pending)
    const round1: Call[] = [];
    for (const seat of seats) round1.push(...marks(seat).slice(0, 1), send(seat), ...marks(seat), ...reads(seat));
    const sent = await runRound(round1);
    expect(sent.filter((_r, i) => round1[i].kind === 'send').every((r) => r.statusCode === 200)).toBe(true);

    // round 2: what is still pending is marked by two reviewers at once; a NO PASS is sent again and marked
    const statuses = async () =>
      new Map(
        (
          await ctx.db
            .select({ id: assignments.id, status: assignments.status })
            .from(assignments)
            .where(
              inArray(
                assignments.id,
                seats.map((s) => s.assignmentId),
              ),
            )
        ).map((r) => [r.id, r.status]),
      );
    const before = await statuses();
    const round2: Call[] = [];
    for (const seat of seats) {
      const status = before.get(seat.assignmentId);
      if (status === 'NO PASS') {
        // a decision goes back to review only with a level completed since (issue 30)
        const ref = {
          id: seat.assignmentId,
          companyId: seat.company.company.companyId,
          simId: seat.sim.simId,
          assignedToId: seat.learnerId,
        };
        await buildResult(ctx, ref, seat.sim.levels[1]);
        round2.push(send(seat));
      }
      if (status === 'NO PASS' || status === 'PENDING REVIEW') round2.push(...marks(seat), ...marks(seat));
      round2.push(...reads(seat));
    }
    await runRound(round2);
    // anything left pending (a send that came after its marks) is decided now, still by two at once
    const left = [...(await statuses())].filter(([, s]) => s === 'PENDING REVIEW').map(([id]) => id);
    await runRound(seats.filter((s) => left.includes(s.assignmentId)).flatMap(marks));

    for (const [i, job] of jobs.entries()) {
      const { row, warnings } = await job.finish(jobIds[i]);
      expect(row.status).toBe('done');
      expect(warnings).toEqual([]);
    }

    // every assignment decided; its track record = the decisions answered 200, oldest first; one notification each
    const after = await statuses();
    for (const seat of seats) {
      expect(['PASS', 'NO PASS']).toContain(after.get(seat.assignmentId));
      const rows = await ctx.db
        .select()
        .from(assignmentReviews)
        .where(eq(assignmentReviews.assignmentId, seat.assignmentId));
      expect(rows).toHaveLength(decisions.get(seat.assignmentId) ?? 0);
      const record = (await reviewCalls(seat.learner).trackRecord(seat.assignmentId)).json();
      const entries = record.data[0].reviewed_status as { pass_or_fail: string; reviewed_by_id: string }[];
      expect(entries).toHaveLength(rows.length);
      expect(entries.at(-1)!.pass_or_fail).toBe(after.get(seat.assignmentId));
      const reviewers = [seat.company.users.supervisor.id, seat.company.users.manager.id];
      for (const e of entries) expect(reviewers).toContain(e.reviewed_by_id);
    }
    for (const company of [a, b]) {
      const mine = seats.filter((s) => s.company === company);
      const sent = await ctx.db
        .select({ companyId: notifications.companyId, userId: notificationRecipients.userId })
        .from(notifications)
        .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
        .where(inArray(notifications.createdBy, [company.users.supervisor.id, company.users.manager.id]));
      expect(sent).toHaveLength(mine.reduce((n, s) => n + (decisions.get(s.assignmentId) ?? 0), 0));
      for (const n of sent) {
        expect(n.companyId).toBe(company.company.companyId);
        expect([company.users.agent.id, company.users.agent2.id]).toContain(n.userId);
      }
    }
  });
});
