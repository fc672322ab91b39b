import { SCORE_TEXTS, type TScoreRow } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sims, users } from '../src/db/schema/index';
import {
  buildAssignment,
  buildScore,
  buildScoreWorld,
  buildTakeSim,
  expectFailure,
  type ScoreWorld,
  scoreCalls,
  scoreDay,
  staffedCompany,
  testApp,
  userWithGrants,
} from './factories';

/**
 * Who reads the score table (POST /api/v1/sims/level/listing) and what of: the caller's company only
 * (another company's ids match nothing), all_assignments view and never a learner's account, bad input 400,
 * and the attempts of trashed sims and deleted learners left out. The world: factories/scores.ts.
 */
describe('score listing access and scope', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true, cohort: true });
  let w: ScoreWorld;
  let theirs: { simId: string; levelId: string; attemptId: string };
  const scores = () => scoreCalls(a.as.supervisor);
  const ids = (rows: TScoreRow[]) => rows.map((r) => r.response_id).sort();
  const of = (...names: (keyof ScoreWorld['attempts'])[]) => names.map((n) => w.attempts[n].id).sort();

  beforeAll(async () => {
    w = await buildScoreWorld(ctx, a);
    const sim = await buildTakeSim(ctx, b.users.admin, { fields: { title: `${w.tag} Cardiology` } });
    const assignment = await buildAssignment(ctx, {
      companyId: b.company.companyId,
      simId: sim.simId,
      userId: b.users.agent.id,
      status: 'COMPLETED',
    });
    const attempt = await buildScore(ctx, assignment, {
      levelId: sim.levels[1].id,
      completedAt: scoreDay(3),
      keywordAccuracy: 10,
    });
    theirs = { simId: sim.simId, levelId: sim.levels[1].id, attemptId: attempt.id };
  });

  it("keeps to the caller's company: another company's ids match nothing, its rows never show", async () => {
    const mine = await scores().page();
    expect(mine.scores.map((r) => r.response_id)).not.toContain(theirs.attemptId);
    const foreign: Record<string, unknown>[] = [
      { members: [b.users.agent.id] },
      { groups: [b.group.id] },
      { sims: [{ sim_id: theirs.simId }] },
      { sims: [{ sim_id: theirs.simId, levels: [theirs.levelId] }] },
    ];
    for (const body of foreign) expect((await scores().page({}, body)).total, JSON.stringify(body)).toBe(0);
    const theirPage = await scoreCalls(b.as.admin).page({}, { members: [a.users.agent.id, b.users.agent.id] });
    expect(theirPage.scores.map((r) => r.response_id)).toEqual([theirs.attemptId]);
    // company B's group holds its agent: its own group filter finds its row
    expect((await scoreCalls(b.as.admin).page({}, { groups: [b.group.id] })).total).toBe(1);
  });

  it('admits all_assignments view; refuses learners, callers without it, bad input and the signed out', async () => {
    for (const who of ['admin', 'manager', 'supervisor'] as const)
      expect((await scoreCalls(a.as[who]).list()).statusCode, who).toBe(200);
    expectFailure(await scoreCalls(a.as.agent).list(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(a.as.agent).download(), 403, 'FORBIDDEN');
    // a learner's account given all_assignments view is still refused (SCORE is hidden for agents)
    const learnerAll = await userWithGrants(ctx, a.company, [
      { task: 'assignment', type: 'view' },
      { task: 'all_assignments', type: 'view' },
    ]);
    expectFailure(await scoreCalls(learnerAll.as).list(), 403, 'FORBIDDEN', SCORE_TEXTS.noPermission);
    const trainer = await userWithGrants(ctx, a.company, [
      { task: 'all_assignments', type: 'view' },
      { task: 'groups', type: 'view' },
    ]);
    expect((await scoreCalls(trainer.as).page()).total).toBe(7);
    const noAll = await userWithGrants(ctx, a.company, [
      { task: 'assignment', type: 'view' },
      { task: 'review_assignments', type: 'view' },
      { task: 'groups', type: 'view' },
    ]);
    expectFailure(await scoreCalls(noAll.as).list(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(noAll.as).filters(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(noAll.as).insights(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(a.as.nobody).list(), 401, 'UNAUTHORIZED');
    const bad: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ sortBy: 'password' }, {}],
      [{ sort: 'up' }, {}],
      [{ limit: 0 }, {}],
      [{ limit: 101 }, {}],
      [{ skip: -1 }, {}],
      [{ final_result: 'perhaps' }, {}],
      [{ status: 'DONE' }, {}],
      [{}, { product: 'nope' }],
      [{}, { groups: 'x' }],
      [{}, { members: ['not-a-uuid'] }],
      [{}, { sims: [{ levels: [] }] }],
      [{}, { startDate: '2026-02-30' }],
      [{}, { startDate: '03/01/2026' }],
      [{}, { startDate: '2026-03-05', endDate: '2026-03-01' }],
      [{}, { utc_offset: 100000 }],
      [{}, { members: Array.from({ length: 501 }, () => a.users.agent.id) }],
    ];
    for (const [q, body] of bad) expectFailure(await scores().list(q as never, body), 400, 'INVALID');
  });

  // last: it trashes a sim and deletes a learner of the world
  it('leaves out the attempts of a trashed sim and of a deleted learner, in the page, its count and the chart', async () => {
    await ctx.db.update(sims).set({ deletedAt: new Date() }).where(eq(sims.id, w.s2.simId));
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, a.users.agent2.id));
    const page = await scores().page();
    expect(ids(page.scores)).toEqual(of('alexL0', 'alexL1', 'alexL2'));
    expect(page.total).toBe(3);
    expect((await scores().page({ skip: 10 })).total).toBe(3);
    expect((await scores().insights()).json()).toMatchObject({ rows: 3, members_total: 1 });
    expect((await scores().page({}, { members: [a.users.agent2.id] })).total).toBe(0);
    expect((await scores().page({}, { sims: [{ sim_id: w.s2.simId }] })).total).toBe(0);
  });
});
