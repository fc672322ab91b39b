import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TLearnerSimResponse, TLevelStatsResponse, TTakeSimResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments, attemptLines, attempts } from '../../src/db/schema/index';
import { runChecked } from '../../src/lib/process';
import {
  bearer,
  buildAssignment,
  buildTakeSim,
  learner,
  recording,
  SPOKEN_LINES,
  staffedCompany,
  type TakeSim,
  testApp,
} from '../factories';

/**
 * A learner takes a level with their voice, on the real engines (vitest project `speech`): the server's own
 * voices say the lines (the right one as the browser records it, WebM/Opus; a wrong one as MP3), the upload
 * is converted to MP3 by ffmpeg, the grading job decodes it again with pocketsphinx biased to the line and
 * grades it with the shared grading module.
 */
describe('taking a level with real speech', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  let sim: TakeSim;

  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin, { levels: [{ order: 2, lines: SPOKEN_LINES }] });
  });

  const speak = async (text: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/speech/synthesize',
      headers: bearer(a.tokens.admin),
      payload: { text, voice: 'Joanna' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  /** The MP3 as a browser's MediaRecorder sends it: WebM with Opus at 48 kHz. */
  const asWebm = async (mp3: Buffer) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-webm-'));
    try {
      await fs.writeFile(path.join(dir, 'in.mp3'), mp3);
      await runChecked('ffmpeg', [
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        path.join(dir, 'in.mp3'),
        '-ar',
        '48000',
        '-c:a',
        'libopus',
        path.join(dir, 'out.webm'),
      ]);
      return await fs.readFile(path.join(dir, 'out.webm'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };

  it('grades the right line as passed and a wrong one with missed keywords, then completes the assignment', async () => {
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const me = learner(a.as.agent, assignment.id);
    const [level] = sim.levels;
    const [right, wrong] = level.agentLines;

    const learnerSim = (await a.as.agent.get(`/api/v1/sims/learner-sim?assignment_id=${assignment.id}`)).json();
    expect((learnerSim as TLearnerSimResponse).sim.levels.map((l) => l._id)).toEqual([level.id]);
    const cards = (
      await a.as.agent.get(`/api/v1/sims/stats?sim_id=${sim.simId}&assignment_id=${assignment.id}`)
    ).json() as TLevelStatsResponse;
    expect(cards.stats[0]).toMatchObject({ level_id: level.id, total_attempts: 0, unfinished: null });

    const attempt = await me.start(sim.simId, level.id);
    const steps = (
      await a.as.agent.get(
        `/api/v1/sims/take-sim/details?simLevelId=${level.id}&assignment_id=${assignment.id}&user_response_id=${attempt}`,
      )
    ).json() as TTakeSimResponse;
    expect(steps.level.sim_scripts.filter((s) => s.is_agent).map((s) => s._id)).toEqual([right.id, wrong.id]);

    // the right line, recorded as the browser does
    const rightId = await me.lineId(attempt, right.id);
    const up = await me.record(
      attempt,
      right.id,
      recording(await asWebm(await speak(right.script)), 'audio/webm;codecs=opus', 'take.webm'),
      'i can schedule your appointment',
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ success: true, id: rightId });

    // the wrong line said instead of the second agent line
    const saidWrong = 'Please hold while I transfer you to the billing department.';
    const wrongUp = await me.record(attempt, wrong.id, recording(await speak(saidWrong), 'audio/mpeg', 'take.mp3'));
    expect(wrongUp.statusCode, wrongUp.body).toBe(200);

    const good = await me.graded(rightId, 120_000);
    expect(good).toMatchObject({
      status: 'Completed',
      correct_keywords: ['schedule', 'Monday'],
      missed_keywords: [],
      grade_score: 100,
      passed: true,
    });
    expect(good.transcription).toMatch(/schedule/i);
    expect(good.transcription).toMatch(/monday/i);

    const bad = await me.graded(wrongUp.json().id, 120_000);
    expect(bad).toMatchObject({
      status: 'Completed',
      correct_keywords: [],
      missed_keywords: ['insurance card', 'photo ID | driver license'],
      grade_score: 0,
      passed: false,
    });
    expect(bad.transcription).toMatch(/billing|transfer|hold/i);
    expect(bad.transcription).not.toMatch(/insurance/i);

    const rows = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attempt));
    expect(rows.map((r) => r.status).sort()).toEqual(['Completed', 'Completed']);
    expect(rows.find((r) => r.id === rightId)?.liveTranscript).toBe('i can schedule your appointment');

    const score = await me.finalScoreDone(attempt, { totalSeconds: 95, wrapSeconds: 12 }, 120_000);
    expect(score).toMatchObject({
      status: 'completed',
      all_completed: true,
      keyword_accuracy: 50,
      overall_percentage: 50,
      totalSeconds: 95,
      wrapSeconds: 12,
      assignment_status: 'COMPLETED',
    });
    expect((await ctx.db.select().from(attempts).where(eq(attempts.id, attempt)))[0]).toMatchObject({
      status: 'completed',
      keywordAccuracy: 50,
    });
    const [done] = await ctx.db.select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(done.status).toBe('COMPLETED');
    expect(done.completedOn).toBeInstanceOf(Date);
  });
});
