import { SEND_FOR_REVIEW_TEXTS } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignmentReviews, assignments, auditLog } from '../src/db/schema/index';
import {
  buildAssignment,
  buildCompletedLevels,
  buildResult,
  buildTakeSim,
  expectFailure,
  learner,
  reviewCalls,
  staffedCompany,
  testApp,
} from './factories';

/**
 * Issue 30, item 4: a reviewer's decision is not undone by the learner. A decided assignment (PASS, NO PASS)
 * goes back to PENDING REVIEW only with a level completed after the decision; sending the same attempts
 * again is refused (409) and changes nothing: the decision, its reviewer and date, the track record, the
 * audit log.
 */
describe('a decided review is not undone by the learner', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);

  const assignmentRow = async (id: string) =>
    (await ctx.db.select().from(assignments).where(eq(assignments.id, id)))[0];
  const sends = async (id: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'assignment.send_for_review')));
  const decisions = async (id: string) =>
    ctx.db.select().from(assignmentReviews).where(eq(assignmentReviews.assignmentId, id));

  /** Every level completed an hour ago, sent for review by the learner and decided by the supervisor. */
  async function decided(decision: 'PASS' | 'NO PASS') {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'COMPLETED',
    });
    const results = await buildCompletedLevels(ctx, assignment, sim);
    const sent = await reviewCalls(a.as.agent).setStatus(assignment.id, 'PENDING REVIEW');
    expect(sent.statusCode, sent.body).toBe(200);
    const marked = await reviewCalls(a.as.supervisor).setStatus(assignment.id, decision, { review_comments: 'ok' });
    expect(marked.statusCode, marked.body).toBe(200);
    return { sim, assignment, results };
  }

  it.each(['PASS', 'NO PASS'] as const)(
    'refuses to send a %s back for review with the same attempts',
    async (decision) => {
      const { assignment, results } = await decided(decision);
      const before = await assignmentRow(assignment.id);
      expect(before).toMatchObject({ status: decision, reviewerId: a.users.supervisor.id });
      expect(before.dateOfReview).not.toBeNull();

      const me = reviewCalls(a.as.agent);
      expectFailure(
        await me.setStatus(assignment.id, 'PENDING REVIEW'),
        409,
        'CONFLICT',
        SEND_FOR_REVIEW_TEXTS.alreadyReviewed,
      );
      // naming the reviewed attempt changes nothing
      expectFailure(
        await me.setStatus(assignment.id, 'PENDING REVIEW', { response_id: results[1].attempt.id }),
        409,
        'CONFLICT',
        SEND_FOR_REVIEW_TEXTS.alreadyReviewed,
      );
      expect(await assignmentRow(assignment.id)).toEqual(before);
      expect(await sends(assignment.id)).toHaveLength(1);
      expect(await decisions(assignment.id)).toHaveLength(1);
    },
  );

  it('sends a PASS back for review once a level is completed after the decision', async () => {
    const { sim, assignment } = await decided('PASS');
    const me = reviewCalls(a.as.agent);
    // a level started again but not completed is not newer work
    await learner(a.as.agent, assignment.id).start(sim.simId, sim.levels[1].id);
    expect((await assignmentRow(assignment.id)).status).toBe('PASS');
    expectFailure(
      await me.setStatus(assignment.id, 'PENDING REVIEW'),
      409,
      'CONFLICT',
      SEND_FOR_REVIEW_TEXTS.alreadyReviewed,
    );

    const newer = await buildResult(ctx, assignment, sim.levels[1]); // completed two minutes from now
    const res = await me.setStatus(assignment.id, 'PENDING REVIEW', { response_id: newer.attempt.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      status: 'PENDING REVIEW',
      date_of_review: null,
      reviewer: null,
    });
    expect(await assignmentRow(assignment.id)).toMatchObject({
      status: 'PENDING REVIEW',
      reviewerId: null,
      dateOfReview: null,
    });
    expect(await sends(assignment.id)).toHaveLength(2);
    expect(await decisions(assignment.id)).toHaveLength(1);
  });

  it('after NO PASS, starting a level reopens the assignment but only a completed one lets it be sent', async () => {
    const { sim, assignment } = await decided('NO PASS');
    await learner(a.as.agent, assignment.id).start(sim.simId, sim.levels[0].id);
    expect((await assignmentRow(assignment.id)).status).toBe('IN PROGRESS');
    const me = reviewCalls(a.as.agent);
    expectFailure(
      await me.setStatus(assignment.id, 'PENDING REVIEW'),
      409,
      'CONFLICT',
      SEND_FOR_REVIEW_TEXTS.alreadyReviewed,
    );
    expect((await assignmentRow(assignment.id)).status).toBe('IN PROGRESS');
    expect(await sends(assignment.id)).toHaveLength(1);

    await buildResult(ctx, assignment, sim.levels[0]);
    const res = await me.setStatus(assignment.id, 'PENDING REVIEW');
    expect(res.statusCode, res.body).toBe(200);
    expect((await assignmentRow(assignment.id)).status).toBe('PENDING REVIEW');
  });

  it("answers 404, not 409, for somebody else's decided assignment", async () => {
    const { assignment } = await decided('PASS');
    const other = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: assignment.simId,
      userId: a.users.supervisor.id,
      status: 'COMPLETED',
    });
    expectFailure(await reviewCalls(a.as.agent).setStatus(other.id, 'PENDING REVIEW'), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(a.as.supervisor).setStatus(assignment.id, 'PENDING REVIEW'), 404, 'NOT_FOUND');
    expect((await assignmentRow(assignment.id)).status).toBe('PASS');
  });
});
