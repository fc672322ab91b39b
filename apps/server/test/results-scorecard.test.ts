import type { TAudioStatusResponse, TUserResultResponse } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignmentReviews, simPassFail } from '../src/db/schema/index';
import {
  buildAssignment,
  buildResult,
  buildTakeSim,
  reviewCalls,
  staffedCompany,
  type TakeSim,
  type TestAssignment,
  testApp,
} from './factories';

/**
 * Issue 31, the result as a scorecard: the result answers each pass criterion of its level with its
 * threshold, the attempt's figure and whether it is met; the audio status says whether an attempt was
 * completed after the latest decision (a decided assignment goes back to review only then).
 */
describe('the scorecard of a result', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  let sim: TakeSim;
  let assignment: TestAssignment;
  const body = (level: 0 | 1) => ({ assignment_id: assignment.id, sim_id: sim.simId, levelId: sim.levels[level].id });

  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin);
    assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'IN PROGRESS',
    });
    // the criteria sit on the spoken level: keyword accuracy 70 (not met by 50), overall 40, typing disabled
    await ctx.db.insert(simPassFail).values({
      simId: sim.simId,
      simLevelId: sim.levels[1].id,
      thresholdKeywordAccuracy: 70,
      thresholdTypingAccuracy: 90,
      disableThresholdTypingAccuracy: true,
      thresholdOverallAccuracy: 40,
    });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await buildResult(ctx, assignment, sim.levels[0], { startedAt: hourAgo });
    await buildResult(ctx, assignment, sim.levels[1], { startedAt: hourAgo, keywordAccuracy: 50 });
  });

  it('answers each criterion of the level with its threshold, figure and status', async () => {
    const res = await reviewCalls(a.as.agent).result(body(1));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TUserResultResponse;
    expect(r.pass_fail_details).toEqual({
      sim_level_id: sim.levels[1].id,
      passed: false,
      criteria: [
        { criterion: 'keyword_accuracy', threshold: 70, figure: 50, status: 'not_met' },
        { criterion: 'typing_accuracy', threshold: 90, figure: null, status: 'disabled' },
        { criterion: 'data_selection_accuracy', threshold: null, figure: null, status: 'unset' },
        { criterion: 'overall_accuracy', threshold: 40, figure: r.overall_percentage, status: expect.any(String) },
      ],
    });
  });

  it('answers no criteria for a level that does not carry them', async () => {
    const r = (await reviewCalls(a.as.supervisor).result(body(0))).json() as TUserResultResponse;
    expect(r.pass_fail_details).toEqual({ sim_level_id: sim.levels[1].id, passed: null, criteria: [] });
  });

  it('tells whether an attempt was completed after the latest decision', async () => {
    const status = async () =>
      ((await reviewCalls(a.as.agent).audioStatus(sim.simId, assignment.id)).json() as TAudioStatusResponse)
        .work_since_decision;
    // never decided
    expect(await status()).toBe(true);
    await ctx.db.insert(assignmentReviews).values({
      assignmentId: assignment.id,
      passOrFail: 'NO PASS',
      reviewedById: a.users.supervisor.id,
      reviewDate: new Date(),
    });
    expect(await status()).toBe(false);
    // a retake completed after the decision
    await buildResult(ctx, assignment, sim.levels[1], {
      startedAt: new Date(Date.now() + 1000),
      completedAt: new Date(Date.now() + 60_000),
    });
    expect(await status()).toBe(true);
  });
});
