import { gradeLine, levelFigures, spottedOf } from '@sim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptLines, attempts, auditLog, notificationRecipients, notifications } from '../src/db/schema/index';
import {
  type Answer,
  buildAssignment,
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
 * Two companies at once (issue 30): supervisors, managers and admins decide keywords of the learners' lines
 * (several on the same line, two on the same keyword), while the learners and the staff read the results,
 * the supervisors write assessor notes on the same attempts, the learners send their assignments for review
 * and a manager marks them, and a background job keeps each company's database busy. Every answer holds only
 * its company's records; afterwards each line holds one decision per keyword and the figures gradeLine gives
 * for them, each attempt the level figures of its lines, and every decision answered 200 is one audit row and
 * one notification of the learner.
 */
describe('keyword decisions in two companies at once', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  type Company = StaffedCompany<{ agent2: true }>;

  interface Seat {
    company: Company;
    learner: Caller;
    learnerId: string;
    assignmentId: string;
    attemptId: string;
    sim: TakeSim;
    lines: [string, string];
  }
  interface Call {
    company: Company;
    kind: 'override' | 'read' | 'write';
    run: () => Promise<Answer>;
  }

  it('keeps every answer in its company and every line’s figures true to its decisions', async () => {
    const seats: Seat[] = [];
    for (const company of [a, b]) {
      const sim = await buildTakeSim(ctx, company.users.admin);
      const level = sim.levels[1];
      for (const key of ['agent', 'agent2'] as const) {
        const assignment = await buildAssignment(ctx, {
          companyId: company.company.companyId,
          simId: sim.simId,
          userId: company.users[key].id,
          status: 'COMPLETED',
        });
        // every level completed (level 0 is watched), so the learner may send for review
        await buildResult(ctx, assignment, sim.levels[0], { startedAt: new Date(Date.now() - 600_000) });
        const built = await buildResult(ctx, assignment, level);
        seats.push({
          company,
          learner: company.as[key],
          learnerId: company.users[key].id,
          assignmentId: assignment.id,
          attemptId: built.attempt.id,
          sim,
          lines: [built.lines.get(level.agentLines[0].id)!.id, built.lines.get(level.agentLines[1].id)!.id],
        });
      }
    }
    const idsOf = (company: Company) => [
      company.company.companyId,
      ...Object.values(company.users).map((u) => u.id),
      ...seats
        .filter((s) => s.company === company)
        .flatMap((s) => [s.assignmentId, s.sim.simId, s.attemptId, ...s.lines]),
    ];
    const foreign = new Map([
      [a, idsOf(b)],
      [b, idsOf(a)],
    ]);

    const decide = (seat: Seat, as: Caller, line: 0 | 1, keyword: string, credited: boolean): Call => ({
      company: seat.company,
      kind: 'override',
      run: () =>
        as.post('/api/v1/sims/result/keyword-override', {
          line_id: seat.lines[line],
          keyword,
          credited,
          reason: `${credited ? 'granted' : 'overturned'} in the race`,
        }),
    });
    const calls: Call[] = [];
    for (const seat of seats) {
      const { company } = seat;
      const body = { assignment_id: seat.assignmentId, sim_id: seat.sim.simId, levelId: seat.sim.levels[1].id };
      calls.push(
        decide(seat, company.as.supervisor, 0, 'schedule', false),
        { company, kind: 'read', run: () => reviewCalls(seat.learner).result(body) },
        decide(seat, company.as.manager, 0, 'Monday', false),
        {
          company,
          kind: 'write',
          run: () => reviewCalls(company.as.supervisor).saveNotes(seat.attemptId, 'Noted in the race'),
        },
        decide(seat, company.as.admin, 1, 'insurance card', false),
        { company, kind: 'read', run: () => reviewCalls(company.as.admin).result(body, `user_id=${seat.learnerId}`) },
        { company, kind: 'write', run: () => reviewCalls(seat.learner).setStatus(seat.assignmentId, 'PENDING REVIEW') },
        decide(seat, company.as.supervisor, 1, 'photo ID | driver license', false),
        decide(seat, company.as.manager, 0, 'SCHEDULE', true),
        { company, kind: 'read', run: () => reviewCalls(company.as.supervisor).history(seat.assignmentId) },
        {
          company,
          kind: 'write',
          run: () => reviewCalls(company.as.manager).setStatus(seat.assignmentId, 'PASS', { review_comments: 'race' }),
        },
        decide(seat, company.as.admin, 1, 'insurance card', true),
        { company, kind: 'read', run: () => reviewCalls(seat.learner).result(body) },
      );
    }

    const jobs = [busyJob(ctx, a.company.companyId), busyJob(ctx, b.company.companyId)];
    const jobIds = await Promise.all(jobs.map((j) => j.start()));
    const answers = await runPool(
      calls.map((c) => () => c.run()),
      8,
    );
    for (const [i, job] of jobs.entries()) {
      const { row, warnings } = await job.finish(jobIds[i]);
      expect(row.status).toBe('done');
      expect(warnings).toEqual([]);
    }

    const decided = new Map<Company, number>([
      [a, 0],
      [b, 0],
    ]);
    answers.forEach((answer, i) => {
      const call = calls[i];
      for (const id of foreign.get(call.company)!) expect(answer.body).not.toContain(id);
      if (call.kind === 'write') expect([200, 409], answer.body).toContain(answer.statusCode);
      else expect(answer.statusCode, answer.body).toBe(200);
      if (call.kind === 'override') decided.set(call.company, decided.get(call.company)! + 1);
    });

    for (const seat of seats) {
      const level = seat.sim.levels[1];
      const lines = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, seat.attemptId));
      for (const line of lines) {
        const script = level.agentLines.find((s) => s.id === line.simScriptId)!;
        // one decision per keyword, and the figures gradeLine gives for them
        const keys = line.keywordOverrides.map((o) => o.keyword.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toHaveLength(2);
        const regraded = gradeLine({
          transcript: line.transcription,
          keywords: script.keywords,
          spotted: spottedOf(line.phraseEvidence),
          overrides: line.keywordOverrides,
        });
        expect(line).toMatchObject({
          correctKeywords: regraded.correctKeywords,
          missedKeywords: regraded.missedKeywords,
          gradeScore: regraded.grade_score,
          passed: regraded.passed,
        });
      }
      // the attempt holds the level figures of its lines as they are now
      const [attempt] = await ctx.db.select().from(attempts).where(eq(attempts.id, seat.attemptId));
      const figures = levelFigures(lines, { levelOrder: level.order, voiceOnly: true });
      expect(attempt.keywordAccuracy).toBe(figures.keyword_accuracy);
      expect(attempt.overallPercentage).toBe(figures.overall_accuracy);
      // the assessor notes written meanwhile were kept
      expect(attempt.assessorNotes).toBe('Noted in the race');
    }

    for (const company of [a, b]) {
      const mine = seats.filter((s) => s.company === company);
      const lineIds = mine.flatMap((s) => s.lines);
      const audits = await ctx.db
        .select({ companyId: auditLog.companyId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'attempt_line.keyword_override'), inArray(auditLog.targetId, lineIds)));
      expect(audits).toHaveLength(decided.get(company)!);
      expect(audits.every((r) => r.companyId === company.company.companyId)).toBe(true);
      const told = await ctx.db
        .select({ companyId: notifications.companyId, userId: notificationRecipients.userId })
        .from(notifications)
        .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
        .where(
          and(
            inArray(notifications.createdBy, [
              company.users.supervisor.id,
              company.users.manager.id,
              company.users.admin.id,
            ]),
            inArray(
              notificationRecipients.userId,
              mine.map((s) => s.learnerId),
            ),
          ),
        );
      const keywordNotes = told.length;
      // a PASS answered 200 also tells the learner: at least one note per decision, all in the company
      expect(keywordNotes).toBeGreaterThanOrEqual(decided.get(company)!);
      expect(told.every((n) => n.companyId === company.company.companyId)).toBe(true);
    }
  });
});
