import { RESULT_TEXTS, type TUserResultResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLines } from '../src/db/schema/index';
import { signPath } from '../src/lib/url-signing';
import {
  buildAssignment,
  buildResult,
  buildTakeSim,
  expectFailure,
  fakeMp3,
  productId,
  reviewCalls,
  staffedCompany,
  type TakeSim,
  type TestAssignment,
  testApp,
  wordsOf,
} from './factories';

/** POST /api/v1/sims/result: the result view of a level, its recordings, and who may read it. */
describe('the result of a level', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let sim: TakeSim;
  let assignment: TestAssignment;
  let older: Awaited<ReturnType<typeof buildResult>>;
  let latest: Awaited<ReturnType<typeof buildResult>>;
  const body = () => ({ assignment_id: assignment.id, sim_id: sim.simId, levelId: sim.levels[1].id });

  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin);
    assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'IN PROGRESS',
    });
    const hourAgo = new Date(Date.now() - 3_600_000);
    older = await buildResult(ctx, assignment, sim.levels[1], { startedAt: hourAgo, keywordAccuracy: 50 });
    // the latest: the second agent line never recorded
    latest = await buildResult(ctx, assignment, sim.levels[1], {
      recorded: [sim.levels[1].agentLines[0].id],
      inputs: [],
    });
  });

  it('answers the latest completed attempt with every line of the level in order', async () => {
    const res = await reviewCalls(a.as.agent).result(body());
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TUserResultResponse;
    const level = sim.levels[1];
    expect(r).toMatchObject({
      success: true,
      _id: latest.attempt.id,
      assignment_id: assignment.id,
      assignment_status: 'IN PROGRESS',
      sim_id: sim.simId,
      sim_level_id: level.id,
      send_for_review: false,
      level: { _id: level.id, order: 2, sim_id: sim.simId, send_to_snowfly: false },
      product_type: 'Voice Only',
      product_name: 'Training SIM',
      user: { _id: a.users.agent.id, first_name: 'Alex', name: 'Alex agent' },
      mode: 'autoplay',
      totalSeconds: 125,
      wrapSeconds: 15,
      keyword_accuracy: 100,
      typing_accuracy: null,
      auto_populate: false,
      typing_inputs: [],
      data_inputs: [],
      all_completed: true,
      voice_service_enabled: false,
      snowfly_id: null,
      assessor_notes: null,
      screen_recording_urls: [],
    });
    expect(r.scripts.map((l) => l._id)).toEqual(level.scripts.map((s) => s.id));
    expect(r.scripts.map((l) => l.index)).toEqual([0, 1, 2, 3]);
    expect(r.scripts.map((l) => l.is_agent)).toEqual([false, true, false, true]);
    expect(Object.keys(r.agentScripts).sort()).toEqual(level.agentLines.map((s) => s.id).sort());

    const [customer, said, , unsaid] = r.scripts;
    expect(customer).toMatchObject({ id: null, character: { type: 'customer' }, status: 'Completed', lastFive: [] });
    const first = level.agentLines[0];
    expect(said).toMatchObject({
      id: latest.lines.get(first.id)!.id,
      script: first.script,
      transcribed_text: first.script,
      keywords: ['schedule', 'Monday'],
      keywords_matched: ['schedule', 'Monday'],
      missed_keywords: [],
      has_keywords: true,
      has_tests: false,
      status: 'Completed',
      grade_score: 100,
      passed: true,
      words: wordsOf(first.script),
      myCount: 2,
      isLastFive: true,
      character: { type: 'agent', masked_type: expect.any(String), name: expect.any(String) },
    });
    expect(said.audio_url).toMatch(/^\/api\/v1\/sims\/result\/recording\/[0-9a-f-]+\?exp=\d+&sub=/);
    // the earlier take: the older attempt's line
    expect(said.lastFive).toEqual([
      expect.objectContaining({ user_response_id: older.attempt.id, order: 1, id: older.lines.get(first.id)!.id }),
    ]);
    // never recorded: every entry missed, no audio, nothing pending
    expect(unsaid).toMatchObject({
      id: null,
      audio_url: null,
      status: 'Completed',
      grade_score: 0,
      passed: false,
      missed_keywords: ['insurance card', 'photo ID | driver license'],
      myCount: 1,
    });
    expect(r.agentScripts[first.id]).toEqual(said);
  });

  it('serves a recording to the viewer its URL was signed for, only while they may read it', async () => {
    const r = (await reviewCalls(a.as.supervisor).result(body())).json() as TUserResultResponse;
    const line = r.scripts[1];
    const audio = await ctx.app.inject({ method: 'GET', url: line.audio_url! });
    expect(audio.statusCode, audio.body).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    const [stored] = await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, line.id!));
    expect(audio.rawPayload.equals(fakeMp3(stored.audioKey!))).toBe(true);
    // an earlier take's URL works too
    expect((await ctx.app.inject({ method: 'GET', url: line.lastFive[0].audio_url! })).statusCode).toBe(200);
    // tampered, unsigned, or signed for somebody who may not read the line
    expectFailure(await ctx.app.inject({ method: 'GET', url: `${line.audio_url}x` }), 401, 'UNAUTHORIZED');
    expectFailure(
      await ctx.app.inject({ method: 'GET', url: `/api/v1/sims/result/recording/${line.id}` }),
      401,
      'UNAUTHORIZED',
    );
    const path = `/api/v1/sims/result/recording/${line.id}`;
    const sign = (sub?: string) => signPath(ctx.deps.urlKey, path, 60, new Date(), sub);
    expectFailure(await ctx.app.inject({ method: 'GET', url: sign() }), 404, 'NOT_FOUND', RESULT_TEXTS.lineNotFound);
    for (const other of [a.users.agent2, b.users.admin])
      expectFailure(
        await ctx.app.inject({ method: 'GET', url: sign(`${other.id}:${other.companyId}`) }),
        404,
        'NOT_FOUND',
      );
    const viewer = a.users.manager;
    expect((await ctx.app.inject({ method: 'GET', url: sign(`${viewer.id}:${viewer.companyId}`) })).statusCode).toBe(
      200,
    );
  });

  it('answers the attempt given by response_id, and whether a result exists', async () => {
    const calls = reviewCalls(a.as.supervisor);
    const res = await calls.result({ ...body(), response_id: older.attempt.id }, `user_id=${a.users.agent.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TUserResultResponse;
    expect(r).toMatchObject({ _id: older.attempt.id, keyword_accuracy: 50 });
    expect(r.scripts[1]).toMatchObject({ myCount: 1, lastFive: [], isLastFive: false });

    expect((await calls.result(body(), 'check_result_exist=true')).json()).toEqual({
      success: true,
      result_exist: true,
    });
    const level0 = { ...body(), levelId: sim.levels[0].id };
    expect((await calls.result(level0, 'check_result_exist=true')).json()).toEqual({
      success: true,
      result_exist: false,
    });
    expectFailure(await calls.result(level0), 404, 'NOT_FOUND', RESULT_TEXTS.resultNotFound);
    // an attempt of another level, or one not completed
    const started = await buildResult(ctx, assignment, sim.levels[0], { status: 'started' });
    expectFailure(await calls.result({ ...body(), response_id: started.attempt.id }), 404, 'NOT_FOUND');
    expectFailure(await calls.result({ ...level0, response_id: started.attempt.id }), 404, 'NOT_FOUND');
  });

  it('is read by its learner and the reviewers of the company only', async () => {
    const other = reviewCalls(a.as.agent2);
    expectFailure(await other.result(body()), 404, 'NOT_FOUND');
    expectFailure(await other.result(body(), 'check_result_exist=true'), 404, 'NOT_FOUND');
    for (const as of [b.as.admin, b.as.supervisor, b.as.agent])
      expectFailure(await reviewCalls(as).result(body()), 404, 'NOT_FOUND');
    for (const as of [a.as.admin, a.as.manager, a.as.supervisor])
      expect((await reviewCalls(as).result(body())).statusCode).toBe(200);
    // user_id and sim_id must be the assignment's; a level of another sim is not part of it
    const sup = reviewCalls(a.as.supervisor);
    expectFailure(await sup.result(body(), `user_id=${a.users.agent2.id}`), 404, 'NOT_FOUND');
    const otherSim = await buildTakeSim(ctx, a.users.admin);
    expectFailure(await sup.result({ ...body(), sim_id: otherSim.simId }), 404, 'NOT_FOUND');
    expectFailure(await sup.result({ ...body(), levelId: otherSim.levels[1].id }), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(a.as.nobody).result(body()), 401, 'UNAUTHORIZED');
    for (const bad of [{ ...body(), levelId: 'nope' }, { assignment_id: assignment.id }, { ...body(), response_id: 1 }])
      expectFailure(await sup.result(bad as never), 400, 'INVALID');
    expectFailure(await sup.result(body(), 'user_id=x'), 400, 'INVALID');
  });

  it('shows lines still being graded as Pending, and the case values with their ticks', async () => {
    const internal = await buildTakeSim(ctx, a.users.admin, {
      fields: { productId: await productId(ctx, 'Training SIM - Internal Data') },
    });
    const mine = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: internal.simId,
      userId: a.users.agent2.id,
      status: 'IN PROGRESS',
    });
    const inputs = [
      { field_id: 'f1', field_title: 'Name', kind: 'typing', input_value: ' Jane ', target_value: 'jane' },
      { field_id: 'f2', field_title: 'Plan', kind: 'selection', input_value: 'Gold', target_value: 'Silver' },
      { field_id: 'f3', field_title: 'Note', kind: 'typing', input_value: 'x', target_value: null },
    ] as const;
    await buildResult(ctx, mine, internal.levels[1], { lines: 'Pending', inputs: [...inputs] });
    const res = await reviewCalls(a.as.agent2).result({
      assignment_id: mine.id,
      sim_id: internal.simId,
      levelId: internal.levels[1].id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TUserResultResponse;
    expect(r).toMatchObject({
      product_type: 'Internal Data',
      all_completed: false,
      typing_inputs: [
        { field_title: 'Name', input_value: ' Jane ', target_value: 'jane', matched: true },
        { field_title: 'Note', input_value: 'x', target_value: null, matched: false },
      ],
      data_inputs: [{ field_title: 'Plan', input_value: 'Gold', target_value: 'Silver', matched: false }],
    });
    expect(r.scripts[1]).toMatchObject({ status: 'Pending', grade_score: 0, keywords_matched: [], passed: null });
    expect(r.scripts[1].audio_url).not.toBeNull();
  });
});

describe('the audio status and history of an assignment', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);

  it('tells whether every completed level is processed, and lists the attempts newest first', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'IN PROGRESS',
    });
    const status = (as = a.as.agent) => reviewCalls(as).audioStatus(sim.simId, assignment.id);
    // nothing completed: nothing to process, not every level done
    expect((await status()).json()).toEqual({
      success: true,
      allAudioProcessed: true,
      allLevelsCompleted: false,
      send_for_review: false,
      work_since_decision: true,
    });
    const t0 = Date.now() - 3_600_000;
    const first = await buildResult(ctx, assignment, sim.levels[0], { startedAt: new Date(t0) });
    const pending = await buildResult(ctx, assignment, sim.levels[1], {
      startedAt: new Date(t0 + 60_000),
      lines: 'Pending',
    });
    expect((await status()).json()).toMatchObject({ allAudioProcessed: false, allLevelsCompleted: true });
    // a newer completed attempt of the level, all graded, decides
    const done = await buildResult(ctx, assignment, sim.levels[1], { startedAt: new Date(t0 + 120_000) });
    expect((await status(a.as.supervisor)).json()).toMatchObject({ allAudioProcessed: true, send_for_review: true });
    // a Failed line is not processed: the level must be taken again
    const failed = await buildResult(ctx, assignment, sim.levels[1], {
      startedAt: new Date(t0 + 180_000),
      lines: 'Failed',
    });
    expect((await status()).json()).toMatchObject({ allAudioProcessed: false, send_for_review: false });

    expect((await reviewCalls(a.as.agent).audioStatus(sim.simId, assignment.id, a.users.agent.id)).statusCode).toBe(
      200,
    );
    expectFailure(
      await reviewCalls(a.as.agent).audioStatus(sim.simId, assignment.id, a.users.agent2.id),
      404,
      'NOT_FOUND',
    );
    expectFailure(await status(a.as.agent2), 404, 'NOT_FOUND');
    expectFailure(await status(b.as.admin), 404, 'NOT_FOUND');
    expectFailure(await a.as.agent.get('/api/v1/sims/agent/audio/status?simId=x&assignmentId=y'), 400, 'INVALID');

    const history = await reviewCalls(a.as.supervisor).history(assignment.id);
    expect(history.statusCode, history.body).toBe(200);
    const ids = (history.json() as { history: { _id: string; level_order: number; status: string }[] }).history;
    expect(ids.map((h) => h._id)).toEqual([failed, done, pending, first].map((x) => x.attempt.id));
    expect(ids[1]).toMatchObject({ level_order: 2, status: 'completed' });
    expect(ids[3]).toMatchObject({ level_order: 0 });
    expectFailure(await reviewCalls(a.as.agent2).history(assignment.id), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(b.as.admin).history(assignment.id), 404, 'NOT_FOUND');
    expectFailure(await a.as.agent.get('/api/v1/sims/agent-assignment-history?assignment_id=1'), 400, 'INVALID');
  });
});
