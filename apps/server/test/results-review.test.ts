import {
  REVIEW_MESSAGES,
  reviewNotification,
  SEND_FOR_REVIEW_TEXTS,
  TAKE_SIM_MESSAGES,
  type TTrackRecordResponse,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assignmentReviews,
  assignments,
  auditLog,
  notificationRecipients,
  notifications,
} from '../src/db/schema/index';
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

/** POST assignment/add-status and GET assignment/track-record: send for review, PASS / NO PASS, the record. */
describe('sending for review and reviewing', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);

  const assignmentRow = async (id: string) =>
    (await ctx.db.select().from(assignments).where(eq(assignments.id, id)))[0];
  const completedAssignment = async (userId = a.users.agent.id) => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId,
      status: 'COMPLETED',
    });
    return { sim, assignment };
  };

  it('lets the learner send only when every level is completed and processed, once', async () => {
    const { sim, assignment } = await completedAssignment();
    const me = reviewCalls(a.as.agent);
    await buildResult(ctx, assignment, sim.levels[0]);
    expectFailure(
      await me.setStatus(assignment.id, 'PENDING REVIEW'),
      409,
      'CONFLICT',
      SEND_FOR_REVIEW_TEXTS.levelsNotCompleted,
    );
    const pending = await buildResult(ctx, assignment, sim.levels[1], { lines: 'Pending' });
    expectFailure(
      await me.setStatus(assignment.id, 'PENDING REVIEW'),
      409,
      'CONFLICT',
      SEND_FOR_REVIEW_TEXTS.audioNotProcessed,
    );
    // not the learner's: 404, whoever asks
    for (const as of [a.as.agent2, a.as.supervisor, b.as.admin])
      expectFailure(await reviewCalls(as).setStatus(assignment.id, 'PENDING REVIEW'), 404, 'NOT_FOUND');
    expect((await assignmentRow(assignment.id)).status).toBe('COMPLETED');

    await buildResult(ctx, assignment, sim.levels[1]);
    const res = await me.setStatus(assignment.id, 'PENDING REVIEW', { response_id: pending.attempt.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      _id: assignment.id,
      status: 'PENDING REVIEW',
      send_for_review_date: expect.any(String),
      date_of_review: null,
      reviewer: null,
    });
    const row = await assignmentRow(assignment.id);
    expect(row).toMatchObject({ status: 'PENDING REVIEW', reviewerId: null, dateOfReview: null });
    expect(row.sendForReviewDate).not.toBeNull();
    expectFailure(
      await me.setStatus(assignment.id, 'PENDING REVIEW'),
      409,
      'CONFLICT',
      SEND_FOR_REVIEW_TEXTS.alreadyUnderReview,
    );
    // the level is locked while it waits (the attempts module)
    expectFailure(
      await a.as.agent.post('/api/v1/sims/save-take-sim-details', {
        simId: sim.simId,
        simLevelId: sim.levels[0].id,
        mode: 'autoplay',
        assignment_id: assignment.id,
      }),
      409,
      'CONFLICT',
      TAKE_SIM_MESSAGES.reviewLocked,
    );
  });

  it('lets reviewers mark PASS or NO PASS, notifies the learner and keeps every decision', async () => {
    const { sim, assignment } = await completedAssignment();
    await buildCompletedLevels(ctx, assignment, sim);
    const me = reviewCalls(a.as.agent);
    const sofia = reviewCalls(a.as.supervisor);
    expectFailure(await sofia.setStatus(assignment.id, 'NO PASS'), 409, 'CONFLICT', REVIEW_MESSAGES.notPendingReview);
    expect((await me.setStatus(assignment.id, 'PENDING REVIEW')).statusCode).toBe(200);

    // learners never mark, another company's reviewer gets 404
    for (const as of [a.as.agent, a.as.agent2])
      expectFailure(
        await reviewCalls(as).setStatus(assignment.id, 'PASS'),
        403,
        'FORBIDDEN',
        REVIEW_MESSAGES.notReviewer,
      );
    expectFailure(await reviewCalls(b.as.supervisor).setStatus(assignment.id, 'PASS'), 404, 'NOT_FOUND');

    const noPass = await sofia.setStatus(assignment.id, 'NO PASS', {
      review_comments: '  Greet the caller by name.  ',
    });
    expect(noPass.statusCode, noPass.body).toBe(200);
    expect(noPass.json()).toMatchObject({
      status: 'NO PASS',
      review_comments: 'Greet the caller by name.',
      reviewer: `Sofia ${a.users.supervisor.lastName}`,
      date_of_review: expect.any(String),
    });
    expect(await assignmentRow(assignment.id)).toMatchObject({
      status: 'NO PASS',
      reviewComments: 'Greet the caller by name.',
      reviewerId: a.users.supervisor.id,
      completedSeen: false,
    });
    // the learner's bell
    const inbox = (await a.as.agent.get('/api/v1/users/notification-listing')).json();
    const [simRow] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.createdBy, a.users.supervisor.id));
    expect(inbox.notifList[0]).toMatchObject({
      _id: simRow.id,
      isNew: true,
      created_by: { _id: a.users.supervisor.id },
      message: expect.stringContaining('NO PASS'),
    });
    expect(inbox.notifList[0].message).toContain('Greet the caller by name.');
    const recipients = await ctx.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, simRow.id));
    expect(recipients.map((r) => r.userId)).toEqual([a.users.agent.id]);
    // the audit log: the learner's sending and the reviewer's decision
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, assignment.id))
      .orderBy(auditLog.createdAt);
    expect(audited.map((r) => [r.action, r.actorId, r.details])).toEqual([
      ['assignment.send_for_review', a.users.agent.id, { sim_id: sim.simId }],
      [
        'assignment.review',
        a.users.supervisor.id,
        { sim_id: sim.simId, user_id: a.users.agent.id, decision: 'NO PASS' },
      ],
    ]);

    // starting a level again after NO PASS: IN PROGRESS; the learner completes it again and sends it back
    const attemptId = await learner(a.as.agent, assignment.id).start(sim.simId, sim.levels[1].id);
    expect((await assignmentRow(assignment.id)).status).toBe('IN PROGRESS');
    expect(attemptId).toBeTruthy();
    await buildResult(ctx, assignment, sim.levels[1]);
    expect((await me.setStatus(assignment.id, 'PENDING REVIEW')).statusCode).toBe(200);
    const pass = await reviewCalls(a.as.manager).setStatus(assignment.id, 'PASS');
    expect(pass.json()).toMatchObject({
      status: 'PASS',
      review_comments: '',
      reviewer: `Marco ${a.users.manager.lastName}`,
    });

    // the track record: oldest first, for the learner and the company's reviewers
    for (const as of [a.as.agent, a.as.supervisor, a.as.admin]) {
      const res = await reviewCalls(as).trackRecord(assignment.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TTrackRecordResponse;
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ _id: assignment.id, status: 'PASS' });
      expect(body.data[0].reviewed_status).toEqual([
        {
          review_date: expect.any(String),
          pass_or_fail: 'NO PASS',
          review_comments: 'Greet the caller by name.',
          reviewed_by: `Sofia ${a.users.supervisor.lastName}`,
          reviewed_by_id: a.users.supervisor.id,
        },
        {
          review_date: expect.any(String),
          pass_or_fail: 'PASS',
          review_comments: '',
          reviewed_by: `Marco ${a.users.manager.lastName}`,
          reviewed_by_id: a.users.manager.id,
        },
      ]);
      const [first, second] = body.data[0].reviewed_status;
      expect(Date.parse(first.review_date)).toBeLessThan(Date.parse(second.review_date));
    }
    expect(reviewNotification({ simTitle: 'T', decision: 'PASS', comments: '' })).toBe(
      'Your assignment "T" was reviewed: PASS.',
    );
    expectFailure(await reviewCalls(a.as.agent2).trackRecord(assignment.id), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(b.as.admin).trackRecord(assignment.id), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(a.as.nobody).trackRecord(assignment.id), 401, 'UNAUTHORIZED');
    expectFailure(await a.as.admin.get('/api/v1/sims/assignment/track-record/abc'), 400, 'INVALID');
  });

  it("refuses a reviewer's own assignment, bad input and an attempt of another assignment", async () => {
    const { sim, assignment } = await completedAssignment(a.users.supervisor.id);
    await buildCompletedLevels(ctx, assignment, sim);
    const sofia = reviewCalls(a.as.supervisor);
    expect((await sofia.setStatus(assignment.id, 'PENDING REVIEW')).statusCode).toBe(200);
    expectFailure(await sofia.setStatus(assignment.id, 'PASS'), 403, 'FORBIDDEN', REVIEW_MESSAGES.ownAssignment);
    const other = await completedAssignment();
    const [foreign] = await buildCompletedLevels(ctx, other.assignment, other.sim);
    expectFailure(
      await reviewCalls(a.as.admin).setStatus(assignment.id, 'PASS', { response_id: foreign.attempt.id }),
      404,
      'NOT_FOUND',
    );
    for (const bad of [
      { _id: assignment.id, status: 'COMPLETED' },
      { _id: assignment.id, status: 'pass' },
      { status: 'PASS' },
      { _id: 'x', status: 'PASS' },
      { _id: assignment.id, status: 'PASS', review_comments: 'x'.repeat(2001) },
      { _id: assignment.id, status: 'PASS', review_comments: 5 },
    ])
      expectFailure(await a.as.admin.post('/api/v1/sims/assignment/add-status', bad), 400, 'INVALID');
    expectFailure(await reviewCalls(a.as.nobody).setStatus(assignment.id, 'PASS'), 401, 'UNAUTHORIZED');
    expect(
      (await ctx.db.select().from(assignmentReviews).where(eq(assignmentReviews.assignmentId, assignment.id))).length,
    ).toBe(0);
  });

  it('makes one decision when reviewers mark the same assignment at once', async () => {
    const { sim, assignment } = await completedAssignment();
    await buildCompletedLevels(ctx, assignment, sim);
    expect((await reviewCalls(a.as.agent).setStatus(assignment.id, 'PENDING REVIEW')).statusCode).toBe(200);
    const answers = await Promise.all(
      [a.as.supervisor, a.as.manager, a.as.admin, a.as.supervisor, a.as.manager, a.as.admin].map((as, i) =>
        reviewCalls(as).setStatus(assignment.id, i % 2 ? 'PASS' : 'NO PASS', { review_comments: `take ${i}` }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expectFailure(r, 409, 'CONFLICT', REVIEW_MESSAGES.notPendingReview);
    const rows = await ctx.db.select().from(assignmentReviews).where(eq(assignmentReviews.assignmentId, assignment.id));
    expect(rows).toHaveLength(1);
    const decided = won[0].json();
    expect(rows[0]).toMatchObject({ passOrFail: decided.status, reviewComments: decided.review_comments });
    expect(await assignmentRow(assignment.id)).toMatchObject({ status: decided.status });
  });
});
