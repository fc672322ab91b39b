import {
  ASSIGNMENT_MESSAGES,
  defaultGrantsFor,
  isReviewerAccess,
  permissionKey,
  RESULT_TEXTS,
  REVIEW_MESSAGES,
  SEND_FOR_REVIEW_TEXTS,
} from '@sim/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/lib/actor';
import { AppError } from '../src/lib/errors';
import {
  assertCanReadResult,
  assertCanReview,
  assertCanSendForReview,
  assertCanWriteAssessorNotes,
  mayReadRecording,
} from '../src/policies/result';

/** The results policy as tables of cases (no database). */

const CO = 'company-a';
const actorOf = (role: string, userId = `${role}-user`, companyId = CO, extra: string[] = []): Actor => ({
  userId,
  companyId,
  isPlatformAdmin: false,
  permissions: new Set([...defaultGrantsFor(role).map((g) => permissionKey(g.task, g.type)), ...extra] as never[]),
});
const agent = actorOf('agent', 'alex');
const agent2 = actorOf('agent', 'bruno');
const supervisor = actorOf('supervisor');
const manager = actorOf('manager');
const otherAdmin = actorOf('admin', 'admin-b', 'company-b');
/** a learner's account holding the review view and every assessor-notes permission: still a learner */
const viewingLearner = actorOf('agent', 'bruno', CO, [
  'review_assignments:view',
  'all_assignments:view',
  'assessor_notes:create',
  'assessor_notes:update',
]);

function outcome(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${err.status} ${err.message}`;
  }
}

const assignment = (status: string, assignedToId = 'alex', companyId = CO) => ({ companyId, assignedToId, status });
const result = (status = 'completed', userId = 'alex', companyId = CO) => ({ companyId, userId, status });
const ready = { allLevelsCompleted: true, allAudioProcessed: true, workSinceDecision: true };
const gone = `404 ${ASSIGNMENT_MESSAGES.assignmentNotFound}`;
const noResult = `404 ${RESULT_TEXTS.resultNotFound}`;

describe('the results policy', () => {
  it('knows a reviewer by permission, never a learner account', () => {
    expect([agent, viewingLearner, supervisor, manager].map(isReviewerAccess)).toEqual([false, false, true, true]);
  });

  it.each([
    ['its learner', agent, result(), 'ok'],
    ['a supervisor', supervisor, result(), 'ok'],
    ['another learner', agent2, result(), noResult],
    ['a learner holding the views', viewingLearner, result(), noResult],
    ['another company', otherAdmin, result(), noResult],
    ['an attempt not completed', agent, result('started'), noResult],
    ['nothing', supervisor, null, noResult],
  ])('reads a result: %s', (_name, actor, record, expected) => {
    expect(outcome(() => assertCanReadResult(actor, record))).toBe(expected);
  });

  it('reads a recording: its learner or a reader of others, of the company', () => {
    expect(mayReadRecording(agent, result('started'))).toBe(true);
    expect(mayReadRecording(supervisor, result('exited'))).toBe(true);
    expect(mayReadRecording(viewingLearner, result())).toBe(false);
    expect(mayReadRecording(otherAdmin, result())).toBe(false);
  });

  it.each([
    ['ready', agent, assignment('COMPLETED'), ready, 'ok'],
    ['after NO PASS, a level completed since', agent, assignment('NO PASS'), ready, 'ok'],
    [
      'after PASS, nothing completed since (issue 30)',
      agent,
      assignment('PASS'),
      { ...ready, workSinceDecision: false },
      `409 ${SEND_FOR_REVIEW_TEXTS.alreadyReviewed}`,
    ],
    [
      'reopened after NO PASS, nothing completed since',
      agent,
      assignment('IN PROGRESS'),
      { ...ready, workSinceDecision: false },
      `409 ${SEND_FOR_REVIEW_TEXTS.alreadyReviewed}`,
    ],
    [
      'already under review',
      agent,
      assignment('PENDING REVIEW'),
      ready,
      `409 ${SEND_FOR_REVIEW_TEXTS.alreadyUnderReview}`,
    ],
    [
      'a level not completed',
      agent,
      assignment('IN PROGRESS'),
      { ...ready, allLevelsCompleted: false },
      `409 ${SEND_FOR_REVIEW_TEXTS.levelsNotCompleted}`,
    ],
    [
      'audio not processed',
      agent,
      assignment('COMPLETED'),
      { ...ready, allAudioProcessed: false },
      `409 ${SEND_FOR_REVIEW_TEXTS.audioNotProcessed}`,
    ],
    ["somebody else's", supervisor, assignment('COMPLETED'), ready, gone],
    ['another company', otherAdmin, assignment('COMPLETED', 'admin-b'), ready, gone],
  ])('sends for review: %s', (_name, actor, record, facts, expected) => {
    expect(outcome(() => assertCanSendForReview(actor, record, facts))).toBe(expected);
  });

  it.each([
    ['a supervisor', supervisor, assignment('PENDING REVIEW'), 'ok'],
    ['a learner', agent, assignment('PENDING REVIEW'), `403 ${REVIEW_MESSAGES.notReviewer}`],
    ['a learner holding the view', viewingLearner, assignment('PENDING REVIEW'), `403 ${REVIEW_MESSAGES.notReviewer}`],
    ['another company', otherAdmin, assignment('PENDING REVIEW'), gone],
    ['their own', supervisor, assignment('PENDING REVIEW', 'supervisor-user'), `403 ${REVIEW_MESSAGES.ownAssignment}`],
    ['not pending', manager, assignment('PASS'), `409 ${REVIEW_MESSAGES.notPendingReview}`],
  ])('marks PASS / NO PASS: %s', (_name, actor, record, expected) => {
    expect(outcome(() => assertCanReview(actor, record))).toBe(expected);
  });

  it.each([
    ['create, none stored', supervisor, result(), false, 'ok'],
    ['update, one stored', supervisor, result(), true, 'ok'],
    [
      'a learner, own result',
      viewingLearner,
      result('completed', 'bruno'),
      false,
      `403 ${REVIEW_MESSAGES.assessorOwnResult}`,
    ],
    ['a learner, another learner', viewingLearner, result(), false, noResult],
    ['another company', otherAdmin, result(), false, noResult],
    [
      'create without create',
      actorOf('x', 'u', CO, ['review_assignments:view', 'employee_list:view', 'assessor_notes:update']),
      result(),
      false,
      `403 ${RESULT_TEXTS.noCreate}`,
    ],
    [
      'update without update',
      actorOf('x', 'u', CO, ['review_assignments:view', 'employee_list:view', 'assessor_notes:create']),
      result(),
      true,
      `403 ${RESULT_TEXTS.noUpdate}`,
    ],
  ])('writes assessor notes: %s', (_name, actor, record, hasNote, expected) => {
    expect(outcome(() => assertCanWriteAssessorNotes(actor, record, hasNote))).toBe(expected);
  });
});
