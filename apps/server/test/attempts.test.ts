import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ASSIGNMENT_MESSAGES,
  ATTEMPT_MESSAGES,
  TAKE_SIM_MESSAGES,
  type TFinalScoreResponse,
  type TLearnerSimResponse,
  type TLevelStatsResponse,
  type TTakeSimResponse,
  UPLOAD_MESSAGES,
} from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignments, attemptLines, attempts, jobs, simLayouts, simPassFail, simScripts } from '../src/db/schema/index';
import { LINE_GRADING_JOB_KIND } from '../src/modules/attempts/service';
import { EngineUnavailableError, UnsupportedAudioError } from '../src/modules/speech/engines/types';
import {
  buildAssignment,
  buildTakeSim,
  type Caller,
  expectFailure,
  learner,
  MISSING_ID,
  multipart,
  productId,
  recording,
  SPOKEN_LINES,
  type TakeSim,
  takeSimSuite,
} from './factories';

/**
 * Taking a sim through every route, on a real database, with real audio converted by ffmpeg and the
 * grading job run by the app's worker. The recogniser is a stand-in here (it "hears" what each test says
 * the learner said); test/speech/attempt-flow.test.ts decodes real speech.
 */
describe('taking a sim', () => {
  const { stt, ctx, a, b, audio } = takeSimSuite();
  afterEach(() => {
    stt.said.clear();
  });

  const take = () => recording(audio.wav);
  const attemptRow = async (id: string) => (await ctx.db.select().from(attempts).where(eq(attempts.id, id)))[0];
  const lineRow = async (id: string) => (await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, id)))[0];
  const assignmentRow = async (id: string) =>
    (await ctx.db.select().from(assignments).where(eq(assignments.id, id)))[0];
  const blobExists = (key: string) => ctx.deps.blobs.exists(key);

  /** A sim of company A (or the one given) assigned to A's agent (or the user given). */
  async function assigned(
    opts: {
      sim?: TakeSim;
      userId?: string;
      status?: Parameters<typeof buildAssignment>[1]['status'];
      company?: typeof a;
    } = {},
  ) {
    const company = opts.company ?? a;
    const sim = opts.sim ?? (await buildTakeSim(ctx, company.users.admin));
    const assignment = await buildAssignment(ctx, {
      companyId: company.company.companyId,
      simId: sim.simId,
      userId: opts.userId ?? company.users.agent.id,
      status: opts.status,
    });
    return { sim, assignment };
  }

  const stats = (as: Caller, simId: string, assignmentId: string) =>
    as.get(`/api/v1/sims/stats?sim_id=${simId}&assignment_id=${assignmentId}`);
  const takeSim = (as: Caller, levelId: string, assignmentId: string, attemptId?: string) =>
    as.get(
      `/api/v1/sims/take-sim/details?simLevelId=${levelId}&assignment_id=${assignmentId}${
        attemptId ? `&user_response_id=${attemptId}` : ''
      }`,
    );
  const cont = (as: Caller, simId: string, levelId: string, assignmentId: string) =>
    as.post('/api/v1/sims/continue', { simId, simLevelId: levelId, assignment_id: assignmentId });

  it('goes through every route: sim, level cards, start, steps, lines, graded recordings, final score, COMPLETED', async () => {
    const { sim, assignment } = await assigned();
    const [watch, spoken] = sim.levels;
    const me = learner(a.as.agent, assignment.id);
    // a generated clip on the coach's line: its step answers a signed URL
    await ctx.db.update(simScripts).set({ audioKey: 'tts/clip.mp3' }).where(eq(simScripts.id, watch.scripts[0].id));

    // the sim detail dialog: the sim, its characters and levels, no audio
    const simRes = await a.as.agent.get(`/api/v1/sims/learner-sim?assignment_id=${assignment.id}`);
    expect(simRes.statusCode, simRes.body).toBe(200);
    const learnerSim = simRes.json() as TLearnerSimResponse;
    expect(learnerSim).toMatchObject({ success: true, assignment_id: assignment.id, assignment_status: 'NOT STARTED' });
    expect(learnerSim.sim._id).toBe(sim.simId);
    expect(learnerSim.sim.levels.map((l) => [l._id, l.order, l.totalScripts])).toEqual([
      [watch.id, 0, 4],
      [spoken.id, 2, 4],
    ]);
    expect(learnerSim.sim.sim_characters).toHaveLength(4);
    expect(simRes.body).not.toContain('/api/v1/files/');

    // the level cards before any attempt
    const before = (await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse;
    expect(before.assignment_status).toBe('NOT STARTED');
    expect(before.stats).toEqual([
      {
        level_id: watch.id,
        level_name: expect.any(String),
        level_order: 0,
        total_attempts: 0,
        completed_attempts: 0,
        pass_fail_details: null,
        screenRecording: false,
        screen_recordings: 0,
        unfinished: null,
        total_scripts: 4,
      },
      expect.objectContaining({ level_id: spoken.id, level_order: 2, total_attempts: 0, unfinished: null }),
    ]);
    expect((await cont(a.as.agent, sim.simId, watch.id, assignment.id)).json()).toEqual({
      success: true,
      continue_agent: false,
      active_clip_index: 0,
      user_response_id: null,
      mode: null,
      total_seconds: 0,
    });

    // level 0: start, steps, the agent line recorded and graded, final score
    const first = await me.start(sim.simId, watch.id);
    expect(await attemptRow(first)).toMatchObject({
      status: 'started',
      mode: 'autoplay',
      userId: a.users.agent.id,
      companyId: a.company.companyId,
      simLevelId: watch.id,
    });
    const started = await assignmentRow(assignment.id);
    expect(started.status).toBe('IN PROGRESS');
    expect(started.startDate).toBeInstanceOf(Date);

    const steps = (await takeSim(a.as.agent, watch.id, assignment.id, first)).json() as TTakeSimResponse;
    expect(steps.level.sim_scripts.map((s) => [s._id, s.is_agent, s.take])).toEqual(
      watch.scripts.map((s) => [s.id, s.simCharacterId === sim.characters.agent, null]),
    );
    expect(steps.level.sim_scripts[0].audio_url).toMatch(/^\/api\/v1\/files\/tts\/clip\.mp3\?exp=\d+&sig=/);
    expect(steps.level.sim_scripts[1].audio_url).toBeNull();
    expect(steps).toMatchObject({ layouts: [], assignment_status: 'IN PROGRESS', sim: { _id: sim.simId } });
    expect(steps.level).toMatchObject({
      _id: watch.id,
      sim_real_time_feedback: false,
      level_real_time_feedback: false,
    });

    const agentLine = watch.agentLines[0];
    const lineId = await me.lineId(first, agentLine.id);
    expect(await me.lineId(first, agentLine.id)).toBe(lineId); // made once
    const pending = (await me.result(lineId)).json();
    expect(pending).toEqual({
      success: true,
      id: lineId,
      correct_keywords: [],
      missed_keywords: [],
      grade_score: 0,
      passed: false,
      tests_matched: [],
      missed_tests: [],
      transcription: '',
      status: 'Pending',
    });

    const up = await me.record(first, agentLine.id, take(), 'i can schedule it on monday');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ success: true, id: lineId });
    const graded = await me.graded(lineId);
    expect(graded).toMatchObject({
      status: 'Completed',
      correct_keywords: ['schedule', 'Monday'],
      missed_keywords: [],
      grade_score: 100,
      passed: true,
      transcription: agentLine.script,
    });
    // decoded again biased to the line: its text and its keywords' words
    expect(stt.heard.at(-1)).toEqual({ expected: agentLine.script, keywords: ['schedule', 'Monday'] });
    const stored = await lineRow(lineId);
    expect(stored).toMatchObject({
      liveTranscript: 'i can schedule it on monday',
      status: 'Completed',
      gradeScore: 100,
    });
    expect(stored.audioKey).toMatch(
      new RegExp(`^attempts/${a.company.companyId}/${first}/${agentLine.id}-[0-9a-f-]{36}\\.mp3$`),
    );
    const mp3 = await ctx.deps.blobs.get(stored.audioKey!);
    expect(mp3?.contentType).toBe('audio/mpeg');
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, LINE_GRADING_JOB_KIND), eq(jobs.companyId, a.company.companyId)));
    expect(job).toMatchObject({ status: 'done', createdBy: a.users.agent.id });

    const score0 = await me.finalScoreDone(first);
    expect(score0).toMatchObject({
      success: true,
      user_response_id: first,
      status: 'completed',
      all_completed: true,
      keyword_accuracy: null, // order 0: N/A
      typing_accuracy: null,
      data_selection_accuracy: null,
      overall_percentage: null,
      totalSeconds: 120,
      wrapSeconds: 15,
      assignment_status: 'IN PROGRESS',
    });
    expect(await attemptRow(first)).toMatchObject({ status: 'completed', totalSeconds: 120, wrapSeconds: 15 });
    expect((await attemptRow(first)).completedAt).toBeInstanceOf(Date);

    // level 2: both agent lines said right → keyword accuracy 100, the assignment COMPLETED
    const second = await me.start(sim.simId, spoken.id);
    for (const line of spoken.agentLines) {
      const res = await me.record(second, line.id, take(), line.script);
      expect(res.statusCode, res.body).toBe(200);
      expect((await me.graded(res.json().id)).status).toBe('Completed');
    }
    const score1 = await me.finalScoreDone(second, { totalSeconds: 200, wrapSeconds: 30 });
    expect(score1).toMatchObject({
      status: 'completed',
      keyword_accuracy: 100,
      overall_percentage: 100,
      typing_accuracy: null,
      assignment_status: 'COMPLETED',
      totalSeconds: 200,
    });
    const done = await assignmentRow(assignment.id);
    expect(done).toMatchObject({ status: 'COMPLETED', completedSeen: false });
    expect(done.completedOn).toBeInstanceOf(Date);
    expect(done.startDate).toEqual(started.startDate);

    const after = (await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse;
    expect(after.assignment_status).toBe('COMPLETED');
    expect(
      after.stats.map((s) => [s.total_attempts, s.completed_attempts, s.pass_fail_details?.user_response_id]),
    ).toEqual([
      [1, 1, first],
      [1, 1, second],
    ]);
    expect(after.stats[1].pass_fail_details).toMatchObject({
      keyword_accuracy: 100,
      overall_percentage: 100,
      passed: null,
    });
    // a reviewer of the company reads the same cards, the sim and the line
    expect((await stats(a.as.supervisor, sim.simId, assignment.id)).json()).toEqual(after);
    expect((await a.as.supervisor.get(`/api/v1/sims/learner-sim?assignment_id=${assignment.id}`)).statusCode).toBe(200);
    expect((await a.as.supervisor.get(`/api/v1/sims/get-missed-correct-keywords?id=${lineId}`)).json()).toMatchObject({
      id: lineId,
      status: 'Completed',
    });
  });

  it('grades a wrong answer as missed, silence as an empty transcript, and unreadable audio as Failed', async () => {
    const { sim, assignment } = await assigned();
    const spoken = sim.levels[1];
    const [one, two] = spoken.agentLines;
    const me = learner(a.as.agent, assignment.id);
    const attempt = await me.start(sim.simId, spoken.id);

    stt.said.set(one.script, 'please hold while I transfer you to the billing department');
    const wrong = await me.graded((await me.record(attempt, one.id, take())).json().id);
    expect(wrong).toMatchObject({
      status: 'Completed',
      correct_keywords: [],
      missed_keywords: ['schedule', 'Monday'],
      grade_score: 0,
      passed: false,
      transcription: 'please hold while I transfer you to the billing department',
    });

    stt.said.set(two.script, '');
    const silent = await me.graded((await me.record(attempt, two.id, take())).json().id);
    expect(silent).toMatchObject({
      status: 'Completed',
      transcription: '',
      correct_keywords: [],
      missed_keywords: ['insurance card', 'photo ID | driver license'],
      passed: false,
    });

    // half right: one of two entries
    stt.said.set(two.script, 'bring your insurance card please');
    const half = await me.graded((await me.record(attempt, two.id, take())).json().id);
    expect(half).toMatchObject({ correct_keywords: ['insurance card'], grade_score: 50, passed: false });

    const score = await me.finalScoreDone(attempt);
    expect(score).toMatchObject({ status: 'completed', keyword_accuracy: 25, overall_percentage: 25 });
    expect((await attemptRow(attempt)).keywordAccuracy).toBe(25);

    // unreadable for the recogniser: Failed, the reason logged, the job done
    const { sim: sim2, assignment: other } = await assigned();
    const me2 = learner(a.as.agent, other.id);
    const attempt2 = await me2.start(sim2.simId, sim2.levels[1].id);
    const line = sim2.levels[1].agentLines[0];
    stt.said.set(line.script, new UnsupportedAudioError());
    const failed = await me2.graded((await me2.record(attempt2, line.id, take())).json().id);
    expect(failed).toMatchObject({ status: 'Failed', correct_keywords: [], grade_score: 0 });
    // a completed attempt counts a failed line as unheard; it is not waited for
    const closed = await me2.finalScore(attempt2);
    expect(closed.json()).toMatchObject({ all_completed: true, keyword_accuracy: 0 });
  });

  it('retries a recogniser that is down later, keeping the line Pending', async () => {
    const { sim, assignment } = await assigned();
    const me = learner(a.as.agent, assignment.id);
    const level = sim.levels[1];
    const attempt = await me.start(sim.simId, level.id);
    const line = level.agentLines[0];
    stt.said.set(line.script, new EngineUnavailableError('pocketsphinx is not installed'));
    const id = (await me.record(attempt, line.id, take())).json().id as string;
    const jobOf = async () =>
      (await ctx.db.select().from(jobs).where(eq(jobs.kind, LINE_GRADING_JOB_KIND))).find(
        (j) => (j.payload as { line_id: string }).line_id === id,
      );
    const until = Date.now() + 10_000;
    let job = await jobOf();
    while (job?.status !== 'queued' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await jobOf();
    }
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.runAfter).toBeInstanceOf(Date);
    expect((await lineRow(id)).status).toBe('Pending');
    const score = (await me.finalScore(attempt)).json() as TFinalScoreResponse;
    expect(score).toMatchObject({ status: 'completed', all_completed: false });
    // not left for another test file's worker
    await ctx.db.delete(jobs).where(eq(jobs.id, job!.id));
  });

  it('resumes an unfinished attempt where it stopped, and START OVER exits it', async () => {
    const { sim, assignment } = await assigned();
    const [watch, spoken] = sim.levels;
    const me = learner(a.as.agent, assignment.id);
    const first = await me.start(sim.simId, spoken.id);
    const line = spoken.agentLines[0];
    const lineId = (await me.record(first, line.id, take())).json().id as string;
    await me.graded(lineId);

    const saved = await a.as.agent.post('/api/v1/sims/stats', {
      user_response_id: first,
      simId: sim.simId,
      simLevelId: spoken.id,
      mode: 'practice',
      status: 'started',
      activeIndex: 3,
      totalSeconds: 40,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await attemptRow(first)).toMatchObject({ activeIndex: 3, mode: 'practice', totalSeconds: 40 });
    // updateIndexBool false keeps the step
    await a.as.agent.post('/api/v1/sims/stats', {
      user_response_id: first,
      simId: sim.simId,
      simLevelId: spoken.id,
      mode: 'practice',
      status: 'started',
      activeIndex: 0,
      updateIndexBool: false,
    });
    expect((await attemptRow(first)).activeIndex).toBe(3);

    expect((await cont(a.as.agent, sim.simId, spoken.id, assignment.id)).json()).toEqual({
      success: true,
      continue_agent: true,
      active_clip_index: 3,
      user_response_id: first,
      mode: 'practice',
      total_seconds: 40,
    });
    const card = ((await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse).stats[1];
    expect(card).toMatchObject({
      total_attempts: 1,
      completed_attempts: 0,
      unfinished: { user_response_id: first, mode: 'practice', active_index: 3 },
    });

    // RESUME: the steps carry the learner's takes, with a signed URL of the recording
    const resumed = (await takeSim(a.as.agent, spoken.id, assignment.id, first)).json() as TTakeSimResponse;
    const step = resumed.level.sim_scripts.find((s) => s._id === line.id)!;
    expect(step.take).toMatchObject({ id: lineId, status: 'Completed', transcription: line.script, grade_score: 100 });
    const clip = await ctx.app.inject({ method: 'GET', url: step.take!.recorded_url! });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('audio/mpeg');
    expect(resumed.level.sim_scripts.filter((s) => s.take).map((s) => s._id)).toEqual([line.id]);

    // the other level is untouched
    expect((await cont(a.as.agent, sim.simId, watch.id, assignment.id)).json()).toMatchObject({
      continue_agent: false,
    });

    // START OVER (without the coach): the old attempt is exited, the new one starts at 0
    const second = await me.start(sim.simId, watch.id, { without_coach: true });
    const noCoach = (await takeSim(a.as.agent, watch.id, assignment.id, second)).json() as TTakeSimResponse;
    expect(noCoach.level.sim_scripts.map((s) => s._id)).toEqual(
      watch.scripts.filter((s) => s.simCharacterId !== sim.characters.coach).map((s) => s.id),
    );
    const third = await me.start(sim.simId, spoken.id);
    expect(await attemptRow(first)).toMatchObject({ status: 'exited', exitOrRestart: true });
    expect((await cont(a.as.agent, sim.simId, spoken.id, assignment.id)).json()).toMatchObject({
      continue_agent: true,
      active_clip_index: 0,
      user_response_id: third,
      mode: 'autoplay',
      total_seconds: 0,
    });
    // the exited attempt's lines are kept (earlier takes); it can no longer be written
    expect((await lineRow(lineId)).audioKey).not.toBeNull();
    expectFailure(await me.record(first, line.id, take()), 409, 'CONFLICT', TAKE_SIM_MESSAGES.attemptFinished);
    const counts = ((await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse).stats;
    expect(counts.map((s) => [s.total_attempts, s.unfinished?.user_response_id])).toEqual([
      [1, second],
      [2, third],
    ]);
  });

  it('clears a line on Retry (its file deleted) and drops a take replaced while it was graded', async () => {
    const { sim, assignment } = await assigned();
    const me = learner(a.as.agent, assignment.id);
    const level = sim.levels[1];
    const attempt = await me.start(sim.simId, level.id);
    const [one, two] = level.agentLines;
    const id = (await me.record(attempt, one.id, take())).json().id as string;
    await me.graded(id);
    const key = (await lineRow(id)).audioKey!;
    expect(await blobExists(key)).toBe(true);

    const retry = await a.as.agent.post('/api/v1/sims/retry-line', { id });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ success: true, message: ATTEMPT_MESSAGES.lineCleared });
    expect(await lineRow(id)).toMatchObject({
      audioKey: null,
      liveTranscript: '',
      transcription: '',
      correctKeywords: [],
      gradeScore: 0,
      status: 'Pending',
    });
    expect(await blobExists(key)).toBe(false);
    expect((await me.result(id)).json()).toMatchObject({ status: 'Pending', correct_keywords: [] });

    // two takes while the recogniser is busy: the first one's result is dropped, its file deleted
    const release = stt.hold();
    stt.said.set(two.script, 'insurance card');
    const firstTake = (await me.record(attempt, two.id, take())).json().id as string;
    const firstKey = (await lineRow(firstTake)).audioKey!;
    stt.said.set(two.script, 'insurance card and photo ID');
    expect((await me.record(attempt, two.id, take())).json().id).toBe(firstTake);
    expect(await blobExists(firstKey)).toBe(false);
    release();
    const last = await me.graded(firstTake);
    expect(last).toMatchObject({ correct_keywords: ['insurance card', 'photo ID | driver license'], grade_score: 100 });

    // the attempt completes with the cleared line never recorded again: its row goes, its keywords missed
    const score = await me.finalScoreDone(attempt);
    expect(score.keyword_accuracy).toBe(50);
    expect(await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt))).toHaveLength(1);
  });

  it('Exit / Restart closes the attempt as exited with the figures of what exists', async () => {
    const { sim, assignment } = await assigned();
    const me = learner(a.as.agent, assignment.id);
    const level = sim.levels[1];
    const attempt = await me.start(sim.simId, level.id);
    stt.said.set(level.agentLines[0].script, 'schedule');
    await me.graded((await me.record(attempt, level.agentLines[0].id, take())).json().id);
    const exit = await me.finalScore(attempt, { exit_or_restart: true, totalSeconds: 33, wrapSeconds: 0 });
    expect(exit.statusCode, exit.body).toBe(200);
    expect(exit.json()).toMatchObject({
      status: 'exited',
      keyword_accuracy: 50, // only the graded line counts
      all_completed: true,
      totalSeconds: 33,
      assignment_status: 'IN PROGRESS',
    });
    expect(await attemptRow(attempt)).toMatchObject({ status: 'exited', exitOrRestart: true, completedAt: null });
    expect((await cont(a.as.agent, sim.simId, level.id, assignment.id)).json()).toMatchObject({
      continue_agent: false,
    });
    // asked again: the same; completing it now: 409
    expect((await me.finalScore(attempt, { exit_or_restart: true })).json()).toMatchObject({ status: 'exited' });
    expectFailure(await me.finalScore(attempt), 409, 'CONFLICT', TAKE_SIM_MESSAGES.attemptFinished);
    expectFailure(
      await a.as.agent.post('/api/v1/sims/user-script-id', {
        user_response_id: attempt,
        sim_script_id: level.agentLines[1].id,
      }),
      409,
      'CONFLICT',
    );
    // a completed attempt cannot be exited
    const next = await me.start(sim.simId, level.id);
    await me.finalScoreDone(next);
    expectFailure(await me.finalScore(next, { exit_or_restart: true }), 409, 'CONFLICT');
    expectFailure(
      await a.as.agent.post('/api/v1/sims/retry-line', {
        id: (await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt)))[0].id,
      }),
      409,
      'CONFLICT',
    );
  });

  it('locks START while PENDING REVIEW (409), reopens NO PASS, leaves COMPLETED and PASS as they are', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const level = sim.levels[1].id;
    const make = async (status: 'PENDING REVIEW' | 'NO PASS' | 'COMPLETED' | 'PASS') =>
      (await assigned({ sim, status })).assignment;

    const pending = await make('PENDING REVIEW');
    expectFailure(
      await a.as.agent.post('/api/v1/sims/save-take-sim-details', {
        simId: sim.simId,
        simLevelId: level,
        mode: 'autoplay',
        assignment_id: pending.id,
      }),
      409,
      'CONFLICT',
      TAKE_SIM_MESSAGES.reviewLocked,
    );
    expect(await ctx.db.select().from(attempts).where(eq(attempts.assignmentId, pending.id))).toHaveLength(0);
    // reading is not locked
    expect((await cont(a.as.agent, sim.simId, level, pending.id)).statusCode).toBe(200);

    const noPass = await make('NO PASS');
    await learner(a.as.agent, noPass.id).start(sim.simId, level);
    expect((await assignmentRow(noPass.id)).status).toBe('IN PROGRESS');

    for (const status of ['COMPLETED', 'PASS'] as const) {
      const row = await make(status);
      await learner(a.as.agent, row.id).start(sim.simId, level);
      expect((await assignmentRow(row.id)).status).toBe(status);
    }
  });

  it('refuses practice mode on hiring sims and on level order 4 (400), autoplay only', async () => {
    const hiring = await buildTakeSim(ctx, a.users.admin, {
      fields: { productId: await productId(ctx, 'Hiring SIM') },
      levels: [{ order: 0, lines: SPOKEN_LINES }],
    });
    const { assignment } = await assigned({ sim: hiring });
    const body = { simId: hiring.simId, simLevelId: hiring.levels[0].id, assignment_id: assignment.id };
    expectFailure(
      await a.as.agent.post('/api/v1/sims/save-take-sim-details', { ...body, mode: 'practice' }),
      400,
      'INVALID',
      ATTEMPT_MESSAGES.autoplayOnly,
    );
    const attempt = await learner(a.as.agent, assignment.id).start(hiring.simId, hiring.levels[0].id);
    expectFailure(
      await a.as.agent.post('/api/v1/sims/stats', {
        user_response_id: attempt,
        simId: hiring.simId,
        simLevelId: hiring.levels[0].id,
        mode: 'practice',
        status: 'started',
        activeIndex: 1,
      }),
      400,
      'INVALID',
      ATTEMPT_MESSAGES.autoplayOnly,
    );

    const training = await buildTakeSim(ctx, a.users.admin, {
      levels: [
        { order: 0, lines: SPOKEN_LINES },
        { order: 4, lines: SPOKEN_LINES },
      ],
    });
    const { assignment: t } = await assigned({ sim: training });
    const four = { simId: training.simId, simLevelId: training.levels[1].id, assignment_id: t.id };
    expectFailure(
      await a.as.agent.post('/api/v1/sims/save-take-sim-details', { ...four, mode: 'practice' }),
      400,
      'INVALID',
    );
    const practice = await a.as.agent.post('/api/v1/sims/save-take-sim-details', {
      ...four,
      simLevelId: training.levels[0].id,
      mode: 'practice',
    });
    expect(practice.statusCode, practice.body).toBe(200);
  });

  it('scores the case panel (typing and data selection) and answers the layouts of an Internal Data sim', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin, {
      fields: { productId: await productId(ctx, 'Training SIM - Internal Data') },
    });
    const field = (field_title: string, attribute_name: string, type: string, value: string, is_scorable = true) => ({
      field_title,
      attribute_name,
      type,
      options: type === 'picklist' ? ['PPO', 'HMO'] : [],
      value,
      is_scorable,
      is_enabled: true,
    });
    const tabs = [
      {
        tab_name: 'Patient',
        sections: [
          {
            section_name: 'Main',
            fields: [
              field('First name', 'first', 'text', 'ada'),
              field('Last name', 'last', 'text', 'Byron'),
              field('Note', 'note', 'textarea', '', false),
              field('Plan', 'plan', 'picklist', 'PPO'),
            ],
          },
        ],
      },
    ];
    await ctx.db.insert(simLayouts).values({ simId: sim.simId, type: 'case', excelSheetName: 'Case', tabs });
    const { assignment } = await assigned({ sim });
    const me = learner(a.as.agent, assignment.id);
    const level = sim.levels[1];
    const attempt = await me.start(sim.simId, level.id);
    const steps = (await takeSim(a.as.agent, level.id, assignment.id, attempt)).json() as TTakeSimResponse;
    expect(steps.layouts).toEqual([{ type: 'case', excel_sheet_name: 'Case', tabs }]);

    // the targets are the layout's (issue 30): a field's id is its place, as the take screen sends it
    const id = (attribute: string) => `case|Patient|Main|${attribute}`;
    const inputs = [
      { field_id: id('first'), field_title: 'First name', kind: 'typing', input_value: '  Ada ', target_value: 'ada' },
      {
        field_id: id('last'),
        field_title: 'Last name',
        kind: 'typing',
        input_value: 'Lovelace',
        target_value: 'Byron',
      },
      { field_id: id('note'), field_title: 'Note', kind: 'typing', input_value: 'free text', target_value: null },
      { field_id: id('plan'), field_title: 'Plan', kind: 'selection', input_value: 'ppo', target_value: 'PPO' },
    ];
    const url = `/api/v1/sims/save-take-sim-input-details?simId=${sim.simId}&userResponseId=${attempt}`;
    const saved = await a.as.agent.post(url, { inputs });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: TAKE_SIM_MESSAGES.inputsSaved });
    expect(await attemptRow(attempt)).toMatchObject({
      inputs,
      correctEntries: 1,
      totalEntries: 2,
      correctSelections: 1,
      totalSelections: 1,
    });
    for (const line of level.agentLines) await me.graded((await me.record(attempt, line.id, take())).json().id);
    const score = await me.finalScoreDone(attempt);
    expect(score).toMatchObject({
      keyword_accuracy: 100,
      typing_accuracy: 50,
      data_selection_accuracy: 100,
      overall_percentage: 83.33,
      correct_entries: 1,
      total_entries: 2,
      correct_selections: 1,
      total_selections: 1,
    });
    // finished: no more inputs
    expectFailure(await a.as.agent.post(url, { inputs }), 409, 'CONFLICT');
  });

  it('answers pass/fail on the level card by the pass/fail criteria the level carries', async () => {
    const { sim, assignment } = await assigned();
    const spoken = sim.levels[1];
    await ctx.db.insert(simPassFail).values({ simId: sim.simId, simLevelId: spoken.id, thresholdKeywordAccuracy: 60 });
    const me = learner(a.as.agent, assignment.id);
    const first = await me.start(sim.simId, spoken.id);
    stt.said.set(spoken.agentLines[0].script, 'nothing useful');
    stt.said.set(spoken.agentLines[1].script, 'your insurance card and photo ID');
    for (const line of spoken.agentLines) await me.graded((await me.record(first, line.id, take())).json().id);
    await me.finalScoreDone(first);
    let cards = ((await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse).stats;
    expect(cards[1].pass_fail_details).toMatchObject({ user_response_id: first, keyword_accuracy: 50, passed: false });
    stt.said.clear();
    const second = await me.start(sim.simId, spoken.id);
    for (const line of spoken.agentLines) await me.graded((await me.record(second, line.id, take())).json().id);
    await me.finalScoreDone(second);
    cards = ((await stats(a.as.agent, sim.simId, assignment.id)).json() as TLevelStatsResponse).stats;
    expect(cards[1]).toMatchObject({
      total_attempts: 2,
      completed_attempts: 2,
      pass_fail_details: { user_response_id: second, keyword_accuracy: 100, passed: true },
    });
    expect(cards[0].pass_fail_details).toBeNull(); // level 0 not taken
  });

  describe('who may read and write', () => {
    let sim: TakeSim;
    let assignment: Awaited<ReturnType<typeof assigned>>['assignment'];
    let attempt: string;
    let lineId: string;
    let bSim: TakeSim;
    let bAssignment: Awaited<ReturnType<typeof assigned>>['assignment'];
    let bAttempt: string;

    beforeAll(async () => {
      ({ sim, assignment } = await assigned());
      const me = learner(a.as.agent, assignment.id);
      attempt = await me.start(sim.simId, sim.levels[1].id);
      lineId = (await me.record(attempt, sim.levels[1].agentLines[0].id, take())).json().id;
      await me.graded(lineId);
      ({ sim: bSim, assignment: bAssignment } = await assigned({ company: b }));
      bAttempt = await learner(b.as.agent, bAssignment.id).start(bSim.simId, bSim.levels[1].id);
    });

    /** Every take-sim call on A's agent's assignment, attempt and line. */
    const calls = () => {
      const level = sim.levels[1];
      return {
        learnerSim: (as: Caller) => as.get(`/api/v1/sims/learner-sim?assignment_id=${assignment.id}`),
        stats: (as: Caller) => stats(as, sim.simId, assignment.id),
        takeSim: (as: Caller) => takeSim(as, level.id, assignment.id, attempt),
        continue: (as: Caller) => cont(as, sim.simId, level.id, assignment.id),
        start: (as: Caller) =>
          as.post('/api/v1/sims/save-take-sim-details', {
            simId: sim.simId,
            simLevelId: level.id,
            mode: 'autoplay',
            assignment_id: assignment.id,
          }),
        saveStats: (as: Caller) =>
          as.post('/api/v1/sims/stats', {
            user_response_id: attempt,
            simId: sim.simId,
            simLevelId: level.id,
            mode: 'autoplay',
            status: 'started',
            activeIndex: 2,
          }),
        lineId: (as: Caller) =>
          as.post('/api/v1/sims/user-script-id', { user_response_id: attempt, sim_script_id: level.agentLines[1].id }),
        record: (as: Caller) => learner(as, assignment.id).record(attempt, level.agentLines[1].id, take()),
        result: (as: Caller) => as.get(`/api/v1/sims/get-missed-correct-keywords?id=${lineId}`),
        retry: (as: Caller) => as.post('/api/v1/sims/retry-line', { id: lineId }),
        finalScore: (as: Caller) => learner(as, assignment.id).finalScore(attempt),
        saveInputs: (as: Caller) =>
          as.post(`/api/v1/sims/save-take-sim-input-details?simId=${sim.simId}&userResponseId=${attempt}`, {
            inputs: [],
          }),
      };
    };

    it("answers 404 to another learner of the company for everything of A's agent, and changes nothing", async () => {
      const c = calls();
      const before = await attemptRow(attempt);
      const notAssignment = [404, 'NOT_FOUND', ASSIGNMENT_MESSAGES.assignmentNotFound] as const;
      const notAttempt = [404, 'NOT_FOUND', TAKE_SIM_MESSAGES.attemptNotFound] as const;
      for (const as of [a.as.agent2]) {
        expectFailure(await c.learnerSim(as), ...notAssignment);
        expectFailure(await c.stats(as), ...notAssignment);
        expectFailure(await c.takeSim(as), ...notAssignment);
        expectFailure(await c.continue(as), ...notAssignment);
        expectFailure(await c.start(as), ...notAssignment);
        expectFailure(await c.saveStats(as), ...notAttempt);
        expectFailure(await c.lineId(as), ...notAttempt);
        expectFailure(await c.record(as), ...notAttempt);
        expectFailure(await c.finalScore(as), ...notAttempt);
        expectFailure(await c.saveInputs(as), ...notAttempt);
        expectFailure(await c.retry(as), 404, 'NOT_FOUND', TAKE_SIM_MESSAGES.lineNotFound);
        expectFailure(await c.result(as), 404, 'NOT_FOUND');
      }
      // the same answers as for ids that do not exist
      expectFailure(await a.as.agent2.get(`/api/v1/sims/learner-sim?assignment_id=${MISSING_ID}`), ...notAssignment);
      expectFailure(await learner(a.as.agent2, assignment.id).finalScore(MISSING_ID), ...notAttempt);
      expectFailure(
        await a.as.agent2.post('/api/v1/sims/retry-line', { id: MISSING_ID }),
        404,
        'NOT_FOUND',
        TAKE_SIM_MESSAGES.lineNotFound,
      );
      expectFailure(
        await a.as.agent2.get(`/api/v1/sims/get-missed-correct-keywords?id=${MISSING_ID}`),
        404,
        'NOT_FOUND',
      );
      expect(await attemptRow(attempt)).toEqual(before);
      expect((await lineRow(lineId)).status).toBe('Completed');
    });

    it('lets a reviewer of the company read but never write, and keeps another company out (404)', async () => {
      const c = calls();
      for (const as of [a.as.supervisor, a.as.admin]) {
        for (const read of [c.learnerSim, c.stats, c.takeSim, c.result]) expect((await read(as)).statusCode).toBe(200);
        expectFailure(await c.continue(as), 404, 'NOT_FOUND', ASSIGNMENT_MESSAGES.assignmentNotFound);
        expectFailure(await c.start(as), 404, 'NOT_FOUND');
        for (const write of [c.saveStats, c.lineId, c.record, c.finalScore, c.saveInputs])
          expectFailure(await write(as), 404, 'NOT_FOUND', TAKE_SIM_MESSAGES.attemptNotFound);
        expectFailure(await c.retry(as), 404, 'NOT_FOUND', TAKE_SIM_MESSAGES.lineNotFound);
      }
      for (const as of [b.as.admin, b.as.supervisor, b.as.agent]) {
        for (const call of Object.values(c)) expectFailure(await call(as), 404, 'NOT_FOUND');
      }
      // A's agent cannot reach B's attempt either, even with their own assignment id
      expectFailure(await learner(a.as.agent, assignment.id).finalScore(bAttempt), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.agent.post('/api/v1/sims/user-script-id', {
          user_response_id: bAttempt,
          sim_script_id: bSim.levels[1].agentLines[0].id,
        }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await takeSim(a.as.agent, bSim.levels[1].id, assignment.id),
        404,
        'NOT_FOUND',
        TAKE_SIM_MESSAGES.levelNotAssigned,
      );
      expectFailure(await cont(a.as.agent, bSim.simId, bSim.levels[1].id, assignment.id), 404, 'NOT_FOUND');
      for (const call of Object.values(c)) expectFailure(await call(a.as.nobody), 401, 'UNAUTHORIZED');
      expect((await attemptRow(bAttempt)).status).toBe('started');
    });

    it('takes only agent lines of the attempt’s level (400), and only recordings of audio (415 / 400)', async () => {
      const me = learner(a.as.agent, assignment.id);
      const level = sim.levels[1];
      const customer = level.scripts.find((s) => s.simCharacterId === sim.characters.customer)!;
      const otherLevel = sim.levels[0].agentLines[0];
      for (const scriptId of [customer.id, otherLevel.id, bSim.levels[1].agentLines[0].id, MISSING_ID]) {
        expectFailure(
          await a.as.agent.post('/api/v1/sims/user-script-id', { user_response_id: attempt, sim_script_id: scriptId }),
          400,
          'INVALID',
          TAKE_SIM_MESSAGES.notAgentLine,
        );
        expectFailure(await me.record(attempt, scriptId, take()), 400, 'INVALID', TAKE_SIM_MESSAGES.notAgentLine);
      }
      const line = level.agentLines[1].id;
      expectFailure(
        await me.record(attempt, line, null, 'said it'),
        400,
        'INVALID',
        UPLOAD_MESSAGES.fileMissing('audio_blob'),
      );
      expectFailure(
        await me.record(attempt, line, recording(Buffer.from('%PDF-1.4 not audio'), 'application/pdf', 'a.pdf')),
        415,
        'UNSUPPORTED_TYPE',
        UPLOAD_MESSAGES.audioType,
      );
      expectFailure(
        await me.record(attempt, line, recording(Buffer.from('not audio at all '.repeat(40)), 'audio/webm', 'a.webm')),
        400,
        'INVALID',
        UPLOAD_MESSAGES.audioUnreadable,
      );
      expectFailure(await me.record(attempt, line, take(), 'x'.repeat(10_001)), 400, 'INVALID');
      // nothing was stored for the refused takes
      const rows = await ctx.db
        .select()
        .from(attemptLines)
        .where(and(eq(attemptLines.attemptId, attempt), eq(attemptLines.simScriptId, line)));
      expect(rows).toHaveLength(0);
      const dir = path.join(ctx.deps.config.dataDir, 'blobs', 'attempts', a.company.companyId, attempt);
      const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.mp3'));
      expect(files).toEqual([expect.stringMatching(new RegExp(`^${level.agentLines[0].id}-`))]);
    });

    it('answers 400 with the envelope to bad input: NUL bytes, wrong types, broken multipart', async () => {
      const level = sim.levels[1];
      const base = { simId: sim.simId, simLevelId: level.id, mode: 'autoplay', assignment_id: assignment.id };
      const bad: [string, unknown][] = [
        ['/api/v1/sims/save-take-sim-details', { ...base, mode: 'fast' }],
        ['/api/v1/sims/save-take-sim-details', { ...base, assignment_id: 'not-an-id' }],
        ['/api/v1/sims/save-take-sim-details', { ...base, simId: `${sim.simId}\u0000` }],
        ['/api/v1/sims/save-take-sim-details', { ...base, without_coach: 'yes' }],
        ['/api/v1/sims/continue', { ...base, simLevelId: 42 }],
        [
          '/api/v1/sims/stats',
          {
            user_response_id: attempt,
            simId: sim.simId,
            simLevelId: level.id,
            mode: 'autoplay',
            status: 'done',
            activeIndex: 1,
          },
        ],
        [
          '/api/v1/sims/stats',
          {
            user_response_id: attempt,
            simId: sim.simId,
            simLevelId: level.id,
            mode: 'autoplay',
            status: 'started',
            activeIndex: -1,
          },
        ],
        ['/api/v1/sims/user-script-id', { user_response_id: attempt, sim_script_id: ['x'] }],
        ['/api/v1/sims/retry-line', { id: '\u0000' }],
        ['/api/v1/sims/final-score', { user_response_id: attempt, assignment_id: assignment.id, totalSeconds: 'ten' }],
        ['/api/v1/sims/final-score', { user_response_id: attempt, assignment_id: assignment.id, totalSeconds: 1e9 }],
        [
          `/api/v1/sims/save-take-sim-input-details?simId=${sim.simId}&userResponseId=${attempt}`,
          { inputs: [{ field_id: 'a', field_title: 'A', kind: 'weird', input_value: 'x', target_value: null }] },
        ],
        [
          `/api/v1/sims/save-take-sim-input-details?simId=${sim.simId}&userResponseId=${attempt}`,
          { inputs: [{ field_id: 'a\u0000', field_title: 'A', kind: 'typing', input_value: 'x', target_value: null }] },
        ],
      ];
      for (const [url, body] of bad) {
        const res = await a.as.agent.post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message: expect.any(String) });
      }
      for (const url of [
        `/api/v1/sims/stats?sim_id=${sim.simId}&assignment_id=nope`,
        `/api/v1/sims/learner-sim?assignment_id=${assignment.id}%00`,
        `/api/v1/sims/take-sim/details?simLevelId=1&assignment_id=${assignment.id}`,
        '/api/v1/sims/get-missed-correct-keywords?id=1',
      ])
        expectFailure(await a.as.agent.get(url), 400, 'INVALID');

      // multipart: JSON instead of a form, a cut body, NUL in a field
      expectFailure(
        await a.as.agent.post('/api/v1/sims/grade-transcription', {
          sim_level_user_response: attempt,
          script_id: level.agentLines[1].id,
        }),
        415,
        'UNSUPPORTED_TYPE',
      );
      const form = multipart({ sim_level_user_response: attempt, script_id: level.agentLines[1].id }, [take()]);
      const cut = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sims/grade-transcription',
        headers: { authorization: `Bearer ${a.tokens.agent}`, ...form.headers },
        payload: form.payload.subarray(0, form.payload.length - 200),
      });
      expectFailure(cut, 400, 'INVALID');
      expectFailure(
        await a.as.agent.form(
          '/api/v1/sims/grade-transcription',
          { sim_level_user_response: attempt, script_id: level.agentLines[1].id, transcribed_text: 'a\u0000b' },
          [take()],
        ),
        400,
        'INVALID',
      );
      expect((await attemptRow(attempt)).status).toBe('started');
    });
  });

  describe('Try Test (sim_level_user_response = 1) as before', () => {
    it('grades the author’s transcript in the answer and keeps it on the script; learners get 403', async () => {
      const sim = await buildTakeSim(ctx, a.users.admin);
      const script = sim.levels[1].agentLines[0];
      const tryOut = (as: Caller, fields: Record<string, string>) =>
        as.form('/api/v1/sims/grade-transcription', { sim_level_user_response: '1', script_id: script.id, ...fields });
      const res = await tryOut(a.as.admin, { transcribed_text: 'we can schedule it for tuesday' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        script_id: script.id,
        transcription: 'we can schedule it for tuesday',
        correctKeywords: ['schedule'],
        missedKeywords: ['Monday'],
        keyword_accuracy: 50,
        grade_score: 50,
        passed: false,
        overalConfidence: 60,
      });
      const kept = await a.as.manager.get(`/api/v1/sims/get-missed-correct-keywords?id=${script.id}`);
      expect(kept.json()).toMatchObject({
        success: true,
        script_id: script.id,
        graded: true,
        correctKeywords: ['schedule'],
      });
      const never = await a.as.supervisor.get(
        `/api/v1/sims/get-missed-correct-keywords?id=${sim.levels[1].agentLines[1].id}`,
      );
      expect(never.json()).toMatchObject({
        graded: false,
        missedKeywords: ['insurance card', 'photo ID | driver license'],
      });

      for (const as of [a.as.agent, a.as.supervisor])
        expectFailure(await tryOut(as, { transcribed_text: 'schedule monday' }), 403, 'FORBIDDEN');
      expectFailure(
        await a.as.agent.form('/api/v1/sims/grade-transcription', { script_id: script.id, transcribed_text: 'x' }),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.agent.get(`/api/v1/sims/get-missed-correct-keywords?id=${script.id}`), 403, 'FORBIDDEN');
      expectFailure(await tryOut(a.as.admin, { sim_level_user_response: '2', transcribed_text: 'x' }), 400, 'INVALID');
      expectFailure(await tryOut(b.as.admin, { transcribed_text: 'schedule monday' }), 404, 'NOT_FOUND');
      expectFailure(await b.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${script.id}`), 404, 'NOT_FOUND');
      expectFailure(await tryOut(a.as.nobody, { transcribed_text: 'x' }), 401, 'UNAUTHORIZED');
      // an attempt id that is not the caller's is not a Try Test
      expectFailure(
        await a.as.admin.form('/api/v1/sims/grade-transcription', {
          sim_level_user_response: MISSING_ID,
          script_id: script.id,
          transcribed_text: 'x',
        }),
        404,
        'NOT_FOUND',
        TAKE_SIM_MESSAGES.attemptNotFound,
      );
      expect(
        (await ctx.db.select().from(simScripts).where(eq(simScripts.id, script.id)))[0].lastTryOut?.transcription,
      ).toBe('we can schedule it for tuesday');
    });
  });
});
