import type { TPhraseEvidence, TUserResultResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLines, attempts } from '../src/db/schema/index';
import { LocalTtsProvider } from '../src/modules/speech/engines/tts/tts-local';
import type { RecognitionHints, Transcript } from '../src/modules/speech/engines/types';
import {
  buildAssignment,
  buildTakeSim,
  learner,
  recording,
  reviewCalls,
  ScriptedStt,
  staffedCompany,
  testApp,
  wordsOf,
} from './factories';
import { toneWav } from './fixtures/uploads/archives';

/** The stand-in recogniser, with the words of what it heard and the keyword phrases it "spotted" per line. */
class SpottingStt extends ScriptedStt {
  readonly spots = new Map<string, string[]>();
  /** what an engine that reports its evidence (Transcript.evidence) heard, per line */
  readonly evidence = new Map<string, TPhraseEvidence[]>();
  override async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    const heard = await super.transcribe(audio, hints);
    const spotted = hints.expected === undefined ? undefined : this.spots.get(hints.expected);
    const evidence = hints.expected === undefined ? undefined : this.evidence.get(hints.expected);
    return { ...heard, words: wordsOf(heard.text), ...(spotted ? { spotted } : {}), ...(evidence ? { evidence } : {}) };
  }
}

/**
 * Issue 30, storage: the grading job keeps the recognisers' phrase evidence with the graded line (until the
 * engines report it, made from `spotted`: keyword search, confidence 0.5, placed where the line expects the
 * phrase), grades with those phrases as `spotted`, and the result serves the evidence.
 */
describe('the grading job keeps each credit’s evidence', () => {
  const stt = new SpottingStt();
  const ctx = testApp({}, { deps: { speech: { tts: new LocalTtsProvider(), stt } } });
  const a = staffedCompany(ctx);
  let wav: Buffer;
  beforeAll(async () => {
    wav = await toneWav(1);
  });

  it('stores the phrase evidence of a graded line and serves it in the result', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const level = sim.levels[1];
    const [first, second] = level.agentLines;
    // the 1-best text wrote "sunday"; the keyword search found "monday" in its place
    stt.said.set(first.script, 'i can schedule your appointment with the cardiologist on sunday morning');
    stt.spots.set(first.script, ['Monday']);
    const me = learner(a.as.agent, assignment.id);
    const attemptId = await me.start(sim.simId, level.id);
    const up = await me.record(attemptId, first.id, recording(wav));
    expect(up.statusCode, up.body).toBe(200);
    const lineId = up.json().id as string;
    expect(await me.graded(lineId)).toMatchObject({ status: 'Completed', correct_keywords: ['schedule', 'Monday'] });
    const [line] = await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, lineId));
    expect(line.phraseEvidence).toEqual([
      { phrase: 'monday', sources: ['keyword-search'], start: 3.6, end: 3.95, confidence: 0.5 },
    ]);
    expect(line.keywordOverrides).toEqual([]);

    // the second line said as written, then All Done
    const up2 = await me.record(attemptId, second.id, recording(wav));
    await me.graded(up2.json().id);
    await me.finalScoreDone(attemptId);
    const [attempt] = await ctx.db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(attempt).toMatchObject({ status: 'completed', keywordAccuracy: 100 });

    const res = await reviewCalls(a.as.agent).result({
      assignment_id: assignment.id,
      sim_id: sim.simId,
      levelId: level.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json() as TUserResultResponse).scripts.find((l) => l.id === lineId)!;
    expect(shown.evidence.find((e) => e.keyword === 'Monday')).toMatchObject({
      credited: true,
      auto_credited: true,
      sources: ['keyword-search'],
      start: 3.6,
      end: 3.95,
      confidence: 0.5,
      in_transcript: false,
      heard: 'sunday',
    });

    // the reviewer overturns it: the stored evidence stays, the figures follow
    const overturned = await a.as.supervisor.post('/api/v1/sims/result/keyword-override', {
      line_id: lineId,
      keyword: 'Monday',
      credited: false,
      reason: 'Sunday is what was said.',
    });
    expect(overturned.statusCode, overturned.body).toBe(200);
    expect(overturned.json()).toMatchObject({ grade_score: 50, passed: false, keyword_accuracy: 75 });
    const [after] = await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, lineId));
    expect(after).toMatchObject({ phraseEvidence: line.phraseEvidence, missedKeywords: ['Monday'] });
  });

  it('keeps the evidence an engine reports as it is, and grades with what it heard beyond the text', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
    });
    const level = sim.levels[1];
    const second = level.agentLines[1];
    const reported: TPhraseEvidence[] = [
      {
        phrase: 'insurance card',
        sources: ['neural-boosted', 'keyword-search'],
        start: 1.01,
        end: 1.87,
        confidence: 0.83,
      },
      // the engine's own reading of its text: not `spotted`, the grader looks at the text itself
      { phrase: 'photo id', sources: ['transcript'], start: 2.8, end: 3.5, confidence: 0.9 },
    ];
    stt.said.set(second.script, 'please bring your insurance cart and a photo to the front desk');
    stt.spots.set(second.script, ['insurance card']);
    stt.evidence.set(second.script, reported);
    const me = learner(a.as.agent, assignment.id);
    const attemptId = await me.start(sim.simId, level.id);
    const lineId = (await me.record(attemptId, second.id, recording(wav))).json().id as string;
    expect(await me.graded(lineId)).toMatchObject({
      correct_keywords: ['insurance card'],
      missed_keywords: ['photo ID | driver license'],
    });
    const [line] = await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, lineId));
    expect(line.phraseEvidence).toEqual(reported);
  });
});
