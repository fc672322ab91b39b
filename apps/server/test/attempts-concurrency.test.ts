import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, attemptLines, attempts, jobs } from '../src/db/schema/index';
import { LINE_GRADING_JOB_KIND } from '../src/modules/attempts/service';
import {
  type Answer,
  buildAssignment,
  buildTakeSim,
  type Caller,
  learner,
  recording,
  type StaffedCompany,
  type TakeSim,
  takeSimSuite,
} from './factories';

/**
 * Two companies at once: several learners start levels, record and close attempts while their admins and
 * supervisors read the lists and level cards, and the grading jobs run (held, then released). Every answer
 * holds only its company's records, and every stored row and file is filed under the right company and user.
 */
describe('taking sims in two companies at once', () => {
  const { stt, ctx, a, b, audio } = takeSimSuite();

  interface Seat {
    company: StaffedCompany<{ agent2: true }>;
    as: Caller;
    userId: string;
    assignmentId: string;
    sim: TakeSim;
  }

  it('keeps every answer, row and file in its own company', async () => {
    const seats: Seat[] = [];
    const sims = new Map<StaffedCompany<{ agent2: true }>, TakeSim>();
    for (const company of [a, b]) {
      const sim = await buildTakeSim(ctx, company.users.admin);
      sims.set(company, sim);
      for (const key of ['agent', 'agent2'] as const) {
        const assignment = await buildAssignment(ctx, {
          companyId: company.company.companyId,
          simId: sim.simId,
          userId: company.users[key].id,
        });
        seats.push({ company, as: company.as[key], userId: company.users[key].id, assignmentId: assignment.id, sim });
      }
    }
    const idsOf = (company: StaffedCompany<{ agent2: true }>) => {
      const sim = sims.get(company)!;
      return [
        company.company.companyId,
        sim.simId,
        ...sim.levels.map((l) => l.id),
        ...Object.values(company.users).map((u) => u.id),
        ...seats.filter((s) => s.company === company).map((s) => s.assignmentId),
      ];
    };
    const foreignTo = (company: StaffedCompany<{ agent2: true }>) => idsOf(company === a ? b : a);

    // the grading jobs wait until the reads have run
    const release = stt.hold();
    const lineIds = new Map<Seat, string[]>();
    const attemptIds = new Map<Seat, string>();
    const takeLevel = async (seat: Seat) => {
      const me = learner(seat.as, seat.assignmentId);
      const level = seat.sim.levels[1];
      const attempt = await me.start(seat.sim.simId, level.id);
      attemptIds.set(seat, attempt);
      const ids: string[] = [];
      for (const line of level.agentLines) {
        const res = await me.record(attempt, line.id, recording(audio.wav), line.script);
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().id);
      }
      lineIds.set(seat, ids);
    };
    const reads: { company: StaffedCompany<{ agent2: true }>; run: () => Promise<Answer> }[] = [];
    for (let round = 0; round < 6; round++)
      for (const company of [a, b]) {
        const mine = seats.filter((s) => s.company === company);
        const sim = sims.get(company)!;
        reads.push({ company, run: () => company.as.admin.get('/api/v1/sims/assignment/list?skip=0&limit=50') });
        for (const seat of mine) {
          reads.push({
            company,
            run: () =>
              company.as.supervisor.get(`/api/v1/sims/stats?sim_id=${sim.simId}&assignment_id=${seat.assignmentId}`),
          });
          reads.push({
            company,
            run: () => company.as.admin.get(`/api/v1/sims/learner-sim?assignment_id=${seat.assignmentId}`),
          });
          reads.push({
            company,
            run: () =>
              company.as.supervisor.get(
                `/api/v1/sims/take-sim/details?simLevelId=${sim.levels[1].id}&assignment_id=${seat.assignmentId}`,
              ),
          });
        }
      }
    const [, answers] = await Promise.all([Promise.all(seats.map(takeLevel)), Promise.all(reads.map((r) => r.run()))]);
    answers.forEach((answer, i) => {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const id of foreignTo(reads[i].company)) expect(answer.body).not.toContain(id);
    });

    // while the jobs wait: the lines are Pending, each company's ids are 404 to the other
    for (const seat of seats) {
      const other = seat.company === a ? b : a;
      for (const lineId of lineIds.get(seat)!) {
        expect((await learner(seat.as, seat.assignmentId).result(lineId)).json()).toMatchObject({ status: 'Pending' });
        expect((await other.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${lineId}`)).statusCode).toBe(
          404,
        );
      }
      expect((await learner(other.as.agent, seat.assignmentId).finalScore(attemptIds.get(seat)!)).statusCode).toBe(404);
    }
    release();

    const scores = await Promise.all(
      seats.map(async (seat) => {
        const me = learner(seat.as, seat.assignmentId);
        for (const id of lineIds.get(seat)!) expect((await me.graded(id)).status).toBe('Completed');
        return me.finalScoreDone(attemptIds.get(seat)!);
      }),
    );
    for (const score of scores) expect(score).toMatchObject({ status: 'completed', keyword_accuracy: 100 });

    // stored rows and files: each under its own company and learner
    for (const seat of seats) {
      const companyId = seat.company.company.companyId;
      const [row] = await ctx.db
        .select()
        .from(attempts)
        .where(eq(attempts.id, attemptIds.get(seat)!));
      expect(row).toMatchObject({
        companyId,
        userId: seat.userId,
        assignmentId: seat.assignmentId,
        simId: seat.sim.simId,
      });
      const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, seat.assignmentId));
      expect(assignment).toMatchObject({ companyId, assignedToId: seat.userId, status: 'IN PROGRESS' });
      const lines = await ctx.db
        .select()
        .from(attemptLines)
        .where(inArray(attemptLines.id, lineIds.get(seat)!));
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line.attemptId).toBe(row.id);
        expect(line.audioKey?.startsWith(`attempts/${companyId}/${row.id}/`)).toBe(true);
        expect(await ctx.deps.blobs.exists(line.audioKey!)).toBe(true);
      }
      const graded = await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, LINE_GRADING_JOB_KIND), eq(jobs.createdBy, seat.userId)));
      expect(graded).toHaveLength(2);
      for (const job of graded) {
        expect(job).toMatchObject({ companyId, status: 'done' });
        expect(lineIds.get(seat)).toContain((job.payload as { line_id: string }).line_id);
      }
    }
  });
});
