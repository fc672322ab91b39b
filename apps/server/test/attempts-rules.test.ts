import {
  ASSIGNMENT_MESSAGES,
  defaultGrantsFor,
  permissionKey,
  TAKE_SIM_MESSAGES,
  type TAttemptInput,
} from '@sim/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/lib/actor';
import { AppError } from '../src/lib/errors';
import { attemptFigures, countInputs, inputMatches } from '../src/modules/attempts/figures';
import type { LineRow, ScriptRow } from '../src/modules/attempts/repository';
import {
  assertCanReadAssignment,
  assertCanReadAttempt,
  assertCanTakeAssignment,
  assertCanWriteAttempt,
  assertCanWriteLine,
  mayReadLine,
} from '../src/policies/attempt';

/** The rules of taking a sim as tables of cases: the attempts policy and the figures (no database). */

const CO = 'company-a';
const actorOf = (role: string, userId = `${role}-user`, companyId = CO): Actor => ({
  userId,
  companyId,
  isPlatformAdmin: false,
  permissions: new Set(defaultGrantsFor(role).map((g) => permissionKey(g.task, g.type))),
});
const agent = actorOf('agent', 'alex');
const agent2 = actorOf('agent', 'bruno');
const supervisor = actorOf('supervisor');
const admin = actorOf('admin');
const otherAdmin = actorOf('admin', 'admin-b', 'company-b');
/** a learner's account that holds the two views (no Admin task): still only its own rows */
const viewingLearner: Actor = {
  ...agent2,
  permissions: new Set([
    ...agent2.permissions,
    permissionKey('all_assignments', 'view'),
    permissionKey('review_assignments', 'view'),
  ]),
};

function outcome(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return `${err.status} ${err.message}`;
  }
}

const assignment = (status = 'IN PROGRESS', companyId = CO) => ({ companyId, assignedToId: 'alex', status });
const attempt = (status = 'started', companyId = CO) => ({ companyId, userId: 'alex', status });
const gone = `404 ${ASSIGNMENT_MESSAGES.assignmentNotFound}`;
const noAttempt = `404 ${TAKE_SIM_MESSAGES.attemptNotFound}`;

describe('the attempts policy', () => {
  it.each([
    ['its learner takes it', agent, assignment(), 'take', 'ok'],
    ['its learner starts it', agent, assignment('NO PASS'), 'start', 'ok'],
    [
      'PENDING REVIEW locks START',
      agent,
      assignment('PENDING REVIEW'),
      'start',
      `409 ${TAKE_SIM_MESSAGES.reviewLocked}`,
    ],
    ['PENDING REVIEW still answers the resume check', agent, assignment('PENDING REVIEW'), 'take', 'ok'],
    ['another learner', agent2, assignment(), 'take', gone],
    ['a reviewer does not take it', supervisor, assignment(), 'start', gone],
    ['an admin does not take it', admin, assignment(), 'take', gone],
    ['another company', otherAdmin, assignment(), 'take', gone],
    ['missing', agent, null, 'take', gone],
  ] as const)('take: %s', (_what, actor, record, action, want) => {
    expect(outcome(() => assertCanTakeAssignment(actor, record, action))).toBe(want);
  });

  it.each([
    ['its learner', agent, assignment(), 'ok'],
    ['a supervisor (views)', supervisor, assignment(), 'ok'],
    ['an admin', admin, assignment('PASS'), 'ok'],
    ['another learner', agent2, assignment(), gone],
    ['a learner holding the views', viewingLearner, assignment('PENDING REVIEW'), gone],
    ['another company', otherAdmin, assignment(), gone],
    ['missing', admin, undefined, gone],
  ] as const)('read an assignment: %s', (_what, actor, record, want) => {
    expect(outcome(() => assertCanReadAssignment(actor, record))).toBe(want);
    expect(outcome(() => assertCanReadAttempt(actor, record && { ...record, userId: record.assignedToId }))).toBe(
      want === 'ok' ? 'ok' : noAttempt,
    );
    expect(mayReadLine(actor, record ? { attempt: { ...record, userId: record.assignedToId } } : null)).toBe(
      want === 'ok',
    );
  });

  it.each([
    ['its learner, started', agent, attempt(), {}, 'ok'],
    ['its learner, completed', agent, attempt('completed'), {}, `409 ${TAKE_SIM_MESSAGES.attemptFinished}`],
    ['its learner, exited', agent, attempt('exited'), {}, `409 ${TAKE_SIM_MESSAGES.attemptFinished}`],
    ['its learner, completed, asked again', agent, attempt('completed'), { finished: 'allowed' }, 'ok'],
    ['another learner', agent2, attempt(), {}, noAttempt],
    ['a reviewer', supervisor, attempt(), {}, noAttempt],
    ['another company', otherAdmin, attempt(), {}, noAttempt],
    ['another company, finished', otherAdmin, attempt('completed'), {}, noAttempt],
  ] as const)('write an attempt: %s', (_what, actor, record, opts, want) => {
    expect(outcome(() => assertCanWriteAttempt(actor, record, opts))).toBe(want);
  });

  it('write a line: 404 "Line not found" for anybody but its learner, 409 once finished', () => {
    const line = (a: ReturnType<typeof attempt>) => ({ attempt: a });
    expect(outcome(() => assertCanWriteLine(agent, line(attempt())))).toBe('ok');
    expect(outcome(() => assertCanWriteLine(agent, line(attempt('exited'))))).toBe(
      `409 ${TAKE_SIM_MESSAGES.attemptFinished}`,
    );
    for (const actor of [agent2, supervisor, otherAdmin])
      expect(outcome(() => assertCanWriteLine(actor, line(attempt())))).toBe(`404 ${TAKE_SIM_MESSAGES.lineNotFound}`);
    expect(outcome(() => assertCanWriteLine(agent, null))).toBe(`404 ${TAKE_SIM_MESSAGES.lineNotFound}`);
  });
});

describe('the figures of an attempt', () => {
  const input = (kind: 'typing' | 'selection', value: string, target: string | null): TAttemptInput => ({
    field_id: `${kind}-${value}`,
    field_title: kind,
    kind,
    input_value: value,
    target_value: target,
  });

  it.each([
    ['Ada', 'ada', true],
    ['  Ada  ', 'ADA', true],
    ['Ada', 'Ada Lovelace', false],
    ['', '', true],
    ['x', null, false],
  ] as const)('%j against the target %j: %s', (value, target, want) => {
    expect(inputMatches({ input_value: value, target_value: target })).toBe(want);
  });

  it('counts the values that have a target, per kind', () => {
    expect(
      countInputs([
        input('typing', 'a', 'A'),
        input('typing', 'b', 'c'),
        input('typing', 'free', null),
        input('selection', 'PPO', 'ppo'),
        input('selection', 'HMO', 'ppo'),
      ]),
    ).toEqual({ correctEntries: 1, totalEntries: 2, correctSelections: 1, totalSelections: 2 });
  });

  const script = (id: string, keywords: string[]) => ({ id, keywords }) as ScriptRow;
  const line = (scriptId: string, status: string, correct: string[], missed: string[], audioKey: string | null = 'k') =>
    ({ simScriptId: scriptId, status, correctKeywords: correct, missedKeywords: missed, audioKey }) as LineRow;
  const scripts = [script('s1', ['a', 'b']), script('s2', ['c', 'd']), script('s3', ['e'])];
  const none = { status: 'started', correctEntries: 0, totalEntries: 0, correctSelections: 0, totalSelections: 0 };
  const figures = (
    closing: 'completed' | 'exited',
    lines: LineRow[],
    level = { sortOrder: 2, keywordScore: true, autoPopulate: false },
    sim = { autoPopulate: false, productType: 'Voice Only' },
    attempt = none,
  ) => attemptFigures({ attempt, closing, level, sim, agentScripts: scripts, lines });

  it.each([
    // completed: every agent line counts; one never recorded, failed, or cleared = all its entries missed
    [
      'completed, all graded',
      'completed',
      [
        line('s1', 'Completed', ['a', 'b'], []),
        line('s2', 'Completed', ['c'], ['d']),
        line('s3', 'Completed', [], ['e']),
      ],
      60,
    ],
    ['completed, a line never recorded', 'completed', [line('s1', 'Completed', ['a', 'b'], [])], 40],
    [
      'completed, a line Failed',
      'completed',
      [line('s1', 'Completed', ['a', 'b'], []), line('s2', 'Failed', [], []), line('s3', 'Completed', ['e'], [])],
      60,
    ],
    [
      'completed, a line cleared by Retry',
      'completed',
      [
        line('s1', 'Completed', ['a', 'b'], []),
        line('s2', 'Pending', [], [], null),
        line('s3', 'Completed', ['e'], []),
      ],
      60,
    ],
    // a line still being graded counts once graded (the client asks again)
    [
      'completed, a line being graded',
      'completed',
      [line('s1', 'Completed', ['a', 'b'], []), line('s2', 'Pending', [], [])],
      66.67,
    ],
    // exited: only what was graded
    ['exited, one line graded', 'exited', [line('s1', 'Completed', ['a'], ['b'])], 50],
    ['exited, nothing graded', 'exited', [], null],
  ] as const)('keyword accuracy: %s', (_what, closing, lines, want) => {
    const f = figures(closing, [...lines]);
    expect(f.keyword_accuracy).toBe(want);
    expect(f.overall_percentage).toBe(want); // Voice Only: the keywords are the only figure
    expect([f.typing_accuracy, f.data_selection_accuracy]).toEqual([null, null]);
  });

  it('N/A (null) for levels of order 0 and 1 and without keyword score; data figures for Internal Data', () => {
    const graded = [line('s1', 'Completed', ['a', 'b'], [])];
    for (const level of [
      { sortOrder: 0, keywordScore: true, autoPopulate: false },
      { sortOrder: 1, keywordScore: true, autoPopulate: false },
      { sortOrder: 3, keywordScore: false, autoPopulate: false },
    ])
      expect(figures('completed', graded, level).keyword_accuracy).toBeNull();

    const data = { status: 'started', correctEntries: 1, totalEntries: 2, correctSelections: 3, totalSelections: 3 };
    const internal = { autoPopulate: false, productType: 'Internal Data' };
    const all = [
      line('s1', 'Completed', ['a', 'b'], []),
      line('s2', 'Completed', ['c', 'd'], []),
      line('s3', 'Completed', ['e'], []),
    ];
    expect(figures('completed', all, undefined, internal, data)).toMatchObject({
      keyword_accuracy: 100,
      typing_accuracy: 50,
      data_selection_accuracy: 100,
      overall_percentage: 83.33,
    });
    // auto-populated fields: typing and data selection N/A
    expect(
      figures('completed', all, { sortOrder: 2, keywordScore: true, autoPopulate: true }, internal, data),
    ).toMatchObject({
      typing_accuracy: null,
      data_selection_accuracy: null,
      overall_percentage: 100,
    });
    // nothing to type: N/A, never 0
    expect(figures('completed', all, undefined, internal)).toMatchObject({
      typing_accuracy: null,
      data_selection_accuracy: null,
    });
  });
});
