import {
  learnerResultPath,
  PENDING_REVIEW_PATH,
  reviewNotification,
  reviewRequestNotification,
  type TNotificationListResponse,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationRecipients, notifications } from '../src/db/schema/index';
import {
  buildAssignment,
  buildCompletedLevels,
  buildTakeSim,
  reviewCalls,
  staffedCompany,
  testApp,
  unique,
} from './factories';

/**
 * Issue 31, defect 7: when a learner sends an assignment for review, the reviewers of the assignment (those
 * the review policy lets mark it PASS / NO PASS: review_assignments view, not a learner's account, of the
 * company, not its learner) get a notification in the bell; nobody else does.
 */
describe('reviewers are told work is waiting (issue 31)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);

  it('notifies the company reviewers, not the learner, other learners or another company', async () => {
    const title = unique('Cardiology');
    const sim = await buildTakeSim(ctx, a.users.admin, { fields: { title } });
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'COMPLETED',
    });
    const done = await buildCompletedLevels(ctx, assignment, sim);
    const sent = await reviewCalls(a.as.agent).setStatus(assignment.id, 'PENDING REVIEW');
    expect(sent.statusCode, sent.body).toBe(200);

    const message = reviewRequestNotification({
      learnerName: `${a.users.agent.firstName} ${a.users.agent.lastName}`,
      simTitle: title,
    });
    const rows = await ctx.db
      .select({ userId: notificationRecipients.userId, message: notifications.message, by: notifications.createdBy })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(eq(notifications.companyId, a.company.companyId));
    const told = rows.filter((r) => r.message.includes('for review'));
    const recipients = told.map((r) => r.userId);
    expect(recipients).toContain(a.users.supervisor.id);
    expect(recipients).toContain(a.users.admin.id);
    expect(recipients).not.toContain(a.users.agent.id);
    expect(recipients).not.toContain(a.users.agent2.id);
    expect(recipients).not.toContain(b.users.admin.id);
    expect(new Set(told.map((r) => r.by))).toEqual(new Set([a.users.agent.id]));

    // the supervisor's bell holds it, worded as shared says
    const inbox = await a.as.supervisor.get('/api/v1/users/notification-listing?skip=0&limit=10');
    expect(inbox.statusCode, inbox.body).toBe(200);
    const item = (inbox.json() as TNotificationListResponse).notifList.find((n) => n.message.includes('for review'));
    expect(item?.message).toBe(message);
    expect(item?.isNew).toBe(true);
    // it leads to the Pending Review tab
    expect(item?.link).toBe(PENDING_REVIEW_PATH);
    // the learner's bell does not
    const mine = await a.as.agent.get('/api/v1/users/notification-listing?skip=0&limit=10');
    expect((mine.json() as TNotificationListResponse).notifList.some((n) => n.message.includes('for review'))).toBe(
      false,
    );

    // the decision's notification leads the learner to the result of the level the decision is on
    const first = done[0]?.attempt;
    if (!first) throw new Error('no attempt');
    const decided = await reviewCalls(a.as.supervisor).setStatus(assignment.id, 'NO PASS', {
      response_id: first.id,
      review_comments: 'Say the date back',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const inboxAfter = await a.as.agent.get('/api/v1/users/notification-listing?skip=0&limit=10');
    const decision = (inboxAfter.json() as TNotificationListResponse).notifList.find(
      (n) => n.message === reviewNotification({ simTitle: title, decision: 'NO PASS', comments: 'Say the date back' }),
    );
    expect(decision?.link).toBe(
      learnerResultPath({
        assignmentId: assignment.id,
        simId: sim.simId,
        userId: a.users.agent.id,
        levelId: first.simLevelId,
      }),
    );
    // a message sent by a person leads nowhere
    const plain = await a.as.admin.post('/api/v1/users/save-notification', {
      notification: 'Team meeting at 3',
      receipts: [a.users.agent.id],
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const inboxLast = await a.as.agent.get('/api/v1/users/notification-listing?skip=0&limit=10');
    const meeting = (inboxLast.json() as TNotificationListResponse).notifList.find(
      (n) => n.message === 'Team meeting at 3',
    );
    expect(meeting?.link).toBeNull();
  });
});
