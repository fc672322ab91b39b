import { SCORE_LIMITS, type TScoreFiltersResponse, type TScoreInsightsResponse } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../src/db/schema/index';
import {
  buildAssignment,
  buildScore,
  buildScoreWorld,
  buildStaffedCompany,
  buildTakeSim,
  buildUser,
  caller,
  expectFailure,
  type ScoreWorld,
  scoreCalls,
  scoreDay,
  staffedCompany,
  testApp,
} from './factories';

const day = (n: number) => scoreDay(n).toISOString().slice(0, 10);

/**
 * The score tab's filter panel (GET /api/v1/sims/level/listing/filters) and its chart (POST
 * /api/v1/sims/level/listing/insights): the company's choices only; accuracy per member and day, the daily
 * quartiles and the most-missed keywords of the same rows as the table.
 */
describe('score filter choices and chart', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { cohort: true });
  let w: ScoreWorld;
  let theirSim: string;

  beforeAll(async () => {
    w = await buildScoreWorld(ctx, a);
    theirSim = (await buildTakeSim(ctx, b.users.admin)).simId;
  });

  it("lists the tools, the company's groups, its members with an assignment and its sims with their levels", async () => {
    const res = await scoreCalls(a.as.supervisor).filters();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TScoreFiltersResponse;
    expect(body.products.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Hiring SIM', 'Training SIM', 'Training SIM - Internal Data']),
    );
    expect(body.groups).toEqual([{ _id: w.group.id, name: `${w.tag} team` }]);
    // Ada, Marco and Sofia have no assignment: not members to filter
    expect(body.members).toEqual([
      { _id: a.users.agent.id, name: `Alex ${a.users.agent.lastName}`, groups: [w.group.id] },
      { _id: a.users.agent2.id, name: `Bruno ${a.users.agent2.lastName}`, groups: [w.group.id] },
      { _id: w.cara.id, name: `Cara ${w.tag}`, groups: [] },
    ]);
    expect(body.sims).toEqual([
      {
        sim_id: w.s1.simId,
        title: `${w.tag} Cardiology`,
        product_id: expect.any(String),
        levels: [
          { level_id: w.s1.levels[0].id, name: 'Watch and Learn', order: 0 },
          { level_id: w.s1.levels[1].id, name: 'Level 2', order: 2 },
          { level_id: w.s1.levels[2].id, name: `${w.tag} Final level`, order: 3 },
        ],
      },
      {
        sim_id: w.s2.simId,
        title: `${w.tag} Dermatology`,
        product_id: w.assignments.caraS2.toolId,
        levels: [{ level_id: w.s2.levels[0].id, name: 'Watch and Learn', order: 2 }],
      },
    ]);
    expect(res.body).not.toContain(theirSim);
    expect(res.body).not.toContain(b.group.id);
    // one tool: only its sims
    const tool = (await scoreCalls(a.as.supervisor).filters(w.assignments.caraS2.toolId as string)).json();
    expect(tool.sims.map((s: { sim_id: string }) => s.sim_id)).toEqual([w.s2.simId]);
    expectFailure(await scoreCalls(a.as.supervisor).filters('nope'), 400, 'INVALID');
    expectFailure(await scoreCalls(a.as.agent).filters(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(a.as.nobody).filters(), 401, 'UNAUTHORIZED');
  });

  it('draws each member’s keyword accuracy per day, the daily quartiles and the most-missed keywords', async () => {
    const res = await scoreCalls(a.as.supervisor).insights();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TScoreInsightsResponse;
    // the final results: 7 rows, 5 with a keyword accuracy
    expect(body).toMatchObject({ rows: 7, rows_capped: false, members_total: 3 });
    expect(body.accuracy).toEqual([
      {
        user_id: a.users.agent.id,
        member: `Alex ${a.users.agent.lastName}`,
        points: [
          { date: day(3), keyword_accuracy: 80 },
          { date: day(4), keyword_accuracy: 70 },
          { date: day(6), keyword_accuracy: 40 },
        ],
      },
      {
        user_id: a.users.agent2.id,
        member: `Bruno ${a.users.agent2.lastName}`,
        points: [{ date: day(5), keyword_accuracy: 60 }],
      },
      { user_id: w.cara.id, member: `Cara ${w.tag}`, points: [{ date: day(3), keyword_accuracy: 90 }] },
    ]);
    expect(body.median).toEqual([
      { date: day(3), p25: 82.5, p50: 85, p75: 87.5 },
      { date: day(4), p25: 70, p50: 70, p75: 70 },
      { date: day(5), p25: 60, p50: 60, p75: 60 },
      { date: day(6), p25: 40, p50: 40, p75: 40 },
    ]);
    // "Monday" and "monday" counted as one, shown as the author wrote it (capitals kept)
    expect(body.missed_keywords).toEqual([
      { keyword: 'Monday', missed: 2, total: 2 },
      { keyword: 'insurance card', missed: 1, total: 1 },
      { keyword: 'photo ID | driver license', missed: 1, total: 1 },
    ]);
  });

  it('reads the same rows as the table: every attempt, a filter, a date range, another time zone', async () => {
    const every = (await scoreCalls(a.as.supervisor).insights({ final_result: false })).json();
    expect(every.rows).toBe(8);
    expect(every.accuracy[0].points[0]).toEqual({ date: day(2), keyword_accuracy: 50 });
    const bruno = (await scoreCalls(a.as.supervisor).insights({}, { members: [a.users.agent2.id] })).json();
    expect(bruno.accuracy.map((m: { user_id: string }) => m.user_id)).toEqual([a.users.agent2.id]);
    expect(bruno.missed_keywords).toEqual([{ keyword: 'monday', missed: 1, total: 1 }]);
    const range = (await scoreCalls(a.as.supervisor).insights({}, { startDate: day(6), endDate: day(6) })).json();
    expect(range).toMatchObject({ rows: 1, members_total: 1, missed_keywords: [] });
    const east = (await scoreCalls(a.as.supervisor).insights({}, { members: [w.cara.id], utc_offset: 600 })).json();
    expect(east.median).toEqual([{ date: day(4), p25: 90, p50: 90, p75: 90 }]);
    expectFailure(await scoreCalls(a.as.supervisor).insights({}, { startDate: 'soon' }), 400, 'INVALID');
    expectFailure(await scoreCalls(a.as.agent).insights(), 403, 'FORBIDDEN');
  });

  it('draws at most the members with the most rows and says how many there were', async () => {
    const sim = await buildTakeSim(ctx, b.users.admin);
    const many = SCORE_LIMITS.chartMembers + 2;
    for (let i = 0; i < many; i++) {
      const user = await buildUser(ctx, b.company, { firstName: `M${String(i).padStart(2, '0')}` });
      const assignment = await buildAssignment(ctx, {
        companyId: b.company.companyId,
        simId: sim.simId,
        userId: user.id,
      });
      // the first two members have two rows
      for (let n = 0; n < (i < 2 ? 2 : 1); n++)
        await buildScore(ctx, assignment, {
          levelId: sim.levels[1].id,
          completedAt: scoreDay(n),
          keywordAccuracy: 10 * n,
        });
    }
    const body = (await scoreCalls(b.as.admin).insights({ final_result: false })).json() as TScoreInsightsResponse;
    expect(body.members_total).toBe(many);
    expect(body.accuracy).toHaveLength(SCORE_LIMITS.chartMembers);
    expect(body.accuracy.slice(0, 2).map((m) => m.points.length)).toEqual([2, 2]);
  });

  it('counts the total no further than SCORE_LIMITS.countAhead rows past the page (total_capped)', async () => {
    const company = await buildStaffedCompany(ctx);
    const sim = await buildTakeSim(ctx, company.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: company.company.companyId,
      simId: sim.simId,
      userId: company.users.agent.id,
    });
    const many = SCORE_LIMITS.countAhead + 15;
    await ctx.db.insert(attempts).values(
      Array.from({ length: many }, (_, i) => ({
        companyId: company.company.companyId,
        assignmentId: assignment.id,
        userId: company.users.agent.id,
        simId: sim.simId,
        simLevelId: sim.levels[1].id,
        mode: 'practice',
        status: 'completed',
        completedAt: new Date(scoreDay(0).getTime() + i * 60_000),
      })),
    );
    const calls = scoreCalls(caller(ctx, company.tokens.admin));
    const first = await calls.page({ final_result: false, limit: 10 });
    expect(first).toMatchObject({ total: SCORE_LIMITS.countAhead, total_capped: true });
    expect(first.scores).toHaveLength(10);
    // further on, the count reaches the end
    const later = await calls.page({ final_result: false, limit: 10, skip: 20 });
    expect(later).toMatchObject({ total: many, total_capped: false });
    // the final result of the level is one row
    expect(await calls.page()).toMatchObject({ total: 1, total_capped: false });
  });
});
