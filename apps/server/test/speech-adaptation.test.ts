import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLines, jobs, speakerAdaptations, users } from '../src/db/schema/index';
import { LINE_GRADING_JOB_KIND, passedLineCount } from '../src/modules/attempts/service';
import { LocalTtsProvider } from '../src/modules/speech/engines/tts/tts-local';
import type {
  AdaptationSample,
  RecognitionHints,
  SpeakerAdaptation,
  SttStream,
} from '../src/modules/speech/engines/types';
import { ADAPTATION, ADAPTATION_JOB_KIND, queueAdaptationIfDue } from '../src/modules/speech/service';
import {
  buildAssignment,
  buildAttempt,
  buildTakeSim,
  learner,
  recording,
  ScriptedStt,
  staffedCompany,
  type TakeSim,
  testAppWithOwnJobs,
} from './factories';
import { listen, openSpeechSocket } from './factories/speech-socket';
import { toneWav } from './fixtures/uploads/archives';

/** A 1-class, 3-stream, 13-dimension MLLR transform that changes nothing (the shape mllr_solve writes). */
function identityTransform(): string {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? '1.0' : '0.0')).join(' '));
  const stream = [13, ...rows(13), Array(13).fill('0.0').join(' '), Array(13).fill('1.0').join(' ')].join('\n');
  return ['1', '3', stream, stream, stream].join('\n');
}

/** The stand-in recogniser, adapting: it keeps what it was given and answers an identity transform. */
class AdaptingStt extends ScriptedStt {
  readonly adaptations: AdaptationSample[][] = [];
  readonly streamHints: RecognitionHints[] = [];
  async adaptSpeaker(samples: AdaptationSample[]): Promise<SpeakerAdaptation> {
    this.adaptations.push(samples);
    return { mllr: identityTransform(), used: samples.length };
  }
  override openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream> {
    this.streamHints.push(options);
    return super.openStream(options);
  }
}

/**
 * Speaker adaptation (issue 14), through the API with the stand-in recogniser (the real estimation is
 * tested in stt-adapt.speech.test.ts): after ADAPTATION.firstAfter passed lines a job estimates the learner's
 * transform from their passed recordings and their lines' text; their later decodes, uploads and streams,
 * carry it; another learner's and another company's do not; lines graded at once queue one job per learner.
 */
describe('speaker adaptation of a learner', () => {
  const stt = new AdaptingStt();
  const ctx = testAppWithOwnJobs({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let wav: Buffer;
  let simA: TakeSim;
  let simB: TakeSim;
  let host: string;

  beforeAll(async () => {
    host = await listen(ctx);
    wav = await toneWav(1);
    simA = await buildTakeSim(ctx, a.users.admin);
    simB = await buildTakeSim(ctx, b.users.admin);
  });

  const spoken = (sim: TakeSim) => ({ level: sim.levels[1], line: sim.levels[1].agentLines[0] });
  const adaptationJobs = (companyId: string) =>
    ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, ADAPTATION_JOB_KIND)));
  const adaptationOf = async (userId: string) =>
    (await ctx.db.select().from(speakerAdaptations).where(eq(speakerAdaptations.userId, userId)))[0];

  /** `n` passed, recorded lines of the learner, written straight to the database (their audio stored). */
  async function passedLines(company: typeof a, sim: TakeSim, userId: string, n: number) {
    const { level, line } = spoken(sim);
    const assignment = await buildAssignment(ctx, {
      companyId: company.company.companyId,
      simId: sim.simId,
      userId,
      status: 'IN PROGRESS',
    });
    for (let i = 0; i < n; i++) {
      const attempt = await buildAttempt(ctx, {
        companyId: company.company.companyId,
        assignmentId: assignment.id,
        userId,
        simId: sim.simId,
        simLevelId: level.id,
      });
      const audioKey = `attempts/${company.company.companyId}/${attempt.id}/${line.id}-earlier.wav`;
      await ctx.deps.blobs.put(audioKey, wav, 'audio/wav');
      await ctx.db.insert(attemptLines).values({
        attemptId: attempt.id,
        simScriptId: line.id,
        audioKey,
        status: 'Completed',
        passed: true,
        gradeScore: 100,
        gradedAt: new Date(Date.now() - (n - i) * 60_000),
      });
    }
    return assignment;
  }

  /**
   * Until the company's line grading jobs have all ended (a job queues the adaptation after it has written the
   * line's grade, which the learner may see first).
   */
  async function gradingDone(companyId: string) {
    for (const until = Date.now() + 30_000; ; ) {
      const running = await ctx.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, LINE_GRADING_JOB_KIND), ne(jobs.status, 'done')));
      if (running.length === 0) return;
      if (Date.now() > until) throw new Error(`line grading of ${companyId} still running`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** One more line recorded and graded through the API (the stand-in hears the line as written: it passes). */
  async function recordPassedLine(company: typeof a, sim: TakeSim, caller: typeof a.as.agent, assignmentId: string) {
    const { level, line } = spoken(sim);
    const me = learner(caller, assignmentId);
    const attemptId = await me.start(sim.simId, level.id);
    const lineId = await me.lineId(attemptId, line.id);
    const res = await me.record(attemptId, line.id, recording(wav), line.script);
    expect(res.statusCode, res.body).toBe(200);
    const graded = await me.graded(lineId);
    expect(graded.passed).toBe(true);
    await gradingDone(company.company.companyId);
    return lineId;
  }

  it('adapts to a learner after their tenth passed line, and their later decodes carry it', async () => {
    const agent = a.users.agent;
    const assignment = await passedLines(a, simA, agent.id, ADAPTATION.firstAfter - 1);
    // nine: not yet
    expect(await queueAdaptationIfDue(ctx.deps, a.company.companyId, agent.id, passedLineCount)).toBe(false);
    expect(await adaptationJobs(a.company.companyId)).toEqual([]);

    await recordPassedLine(a, simA, a.as.agent, assignment.id);
    const [queued] = await adaptationJobs(a.company.companyId);
    expect(queued).toMatchObject({ status: 'queued', payload: { user_id: agent.id, lines_seen: 10 } });

    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    const [done] = await adaptationJobs(a.company.companyId);
    expect(done).toMatchObject({ status: 'done', result: { outcome: 'adapted', recordings: 10, of: 10 } });
    // estimated from the ten recordings and the line each said
    const samples = stt.adaptations.at(-1)!;
    expect(samples).toHaveLength(10);
    expect(samples.every((s) => s.text === spoken(simA).line.script)).toBe(true);
    // nine stored as written, the tenth as the upload converted it (MP3)
    expect(samples.filter((s) => s.audio.equals(wav))).toHaveLength(9);
    const row = await adaptationOf(agent.id);
    expect(row).toMatchObject({ companyId: a.company.companyId, recordings: 10, linesSeen: 10 });
    expect(row.mllr).toBe(identityTransform());

    // the next line's grading decodes with it, and so does a stream the learner opens
    await recordPassedLine(a, simA, a.as.agent, assignment.id);
    expect(stt.heard.at(-1)?.speaker).toEqual({ mllr: row.mllr });
    const ws = await openSpeechSocket(ctx, host, a.tokens.agent);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, expected: spoken(simA).line.script }));
    ws.send(Buffer.alloc(3200));
    ws.send(JSON.stringify({ type: 'stop' }));
    await closed;
    expect(stt.streamHints.at(-1)?.speaker).toEqual({ mllr: row.mllr });

    // not again until ADAPTATION.again more passed lines than the ten it was estimated at (eleven now)
    expect(await queueAdaptationIfDue(ctx.deps, a.company.companyId, agent.id, passedLineCount)).toBe(false);
    await passedLines(a, simA, agent.id, ADAPTATION.again - 2);
    expect(await queueAdaptationIfDue(ctx.deps, a.company.companyId, agent.id, passedLineCount)).toBe(false);
    await passedLines(a, simA, agent.id, 1);
    expect(await queueAdaptationIfDue(ctx.deps, a.company.companyId, agent.id, passedLineCount)).toBe(true);
    await ctx.app.jobs.drain();
    expect(await adaptationOf(agent.id)).toMatchObject({ linesSeen: 10 + ADAPTATION.again });
    // from the latest ADAPTATION.recordings of them
    expect(stt.adaptations.at(-1)).toHaveLength(Math.min(ADAPTATION.recordings, 10 + ADAPTATION.again));
  });

  it("another learner's and another company's decodes are not adapted", async () => {
    const other = a.users.agent2;
    const assignment = await passedLines(a, simA, other.id, 1);
    await recordPassedLine(a, simA, a.as.agent2, assignment.id);
    expect(stt.heard.at(-1)?.speaker).toBeUndefined();
    const assignmentB = await passedLines(b, simB, b.users.agent.id, 1);
    await recordPassedLine(b, simB, b.as.agent, assignmentB.id);
    expect(stt.heard.at(-1)?.speaker).toBeUndefined();
    // company B's id with A's learner finds nothing
    const { speakerOf } = await import('../src/modules/speech/service');
    expect(await speakerOf(ctx.db, b.company.companyId, a.users.agent.id)).toBeUndefined();
    expect(await speakerOf(ctx.db, a.company.companyId, a.users.agent.id)).toBeDefined();
  });

  it('lines graded at once, in two companies, queue one adaptation per learner; a deleted learner keeps none', async () => {
    const learners = [
      { company: a, sim: simA, user: a.users.agent2, caller: a.as.agent2 },
      { company: b, sim: simB, user: b.users.agent, caller: b.as.agent },
    ];
    // each learner: seven passed lines, and three sims assigned to take at once
    const assignments: { id: string }[][] = [];
    for (const l of learners) {
      await passedLines(l.company, l.sim, l.user.id, ADAPTATION.firstAfter - 3);
      assignments.push(await Promise.all([0, 1, 2].map(() => passedLines(l.company, l.sim, l.user.id, 0))));
    }
    // three lines each at once, both companies, while their administrators read the results
    await Promise.all(
      learners.flatMap((l, i) => [
        ...assignments[i].map((assignment) => recordPassedLine(l.company, l.sim, l.caller, assignment.id)),
        l.company.as.admin.get(`/api/v1/sims/get-missed-correct-keywords?id=${l.user.id}`),
      ]),
    );
    for (const l of learners) {
      const queued = (await adaptationJobs(l.company.company.companyId)).filter(
        (j) => (j.payload as { user_id: string }).user_id === l.user.id,
      );
      expect(queued, l.user.email).toHaveLength(1);
    }
    await ctx.app.jobs.drain();
    for (const l of learners) expect((await adaptationOf(l.user.id))?.companyId).toBe(l.company.company.companyId);

    // the learner is deleted: their adaptation goes with them
    await ctx.db.delete(users).where(eq(users.id, b.users.agent.id));
    expect(await adaptationOf(b.users.agent.id)).toBeUndefined();
  });
});
