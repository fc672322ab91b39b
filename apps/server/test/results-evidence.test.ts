import crypto from 'node:crypto';
import {
  EVIDENCE_MESSAGES,
  type TKeywordEvidence,
  type TKeywordOverrideResponse,
  type TPhraseEvidence,
  type TUserResultResponse,
} from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptLines, attempts, auditLog, notificationRecipients, notifications } from '../src/db/schema/index';
import {
  buildAssignment,
  buildResult,
  buildTakeSim,
  type Caller,
  expectFailure,
  reviewCalls,
  staffedCompany,
  type TakeSim,
  testApp,
  wordsOf,
} from './factories';

/**
 * Issue 30: every credit carries its evidence, the result serves it, and a reviewer can overturn or grant a
 * keyword (POST /api/v1/sims/result/keyword-override) — the line's and the attempt's figures recomputed, the
 * change audited and the learner notified.
 *
 * The level (SPOKEN_LINES, order 2): agent line 1 "I can schedule your appointment with the cardiologist on
 * Monday morning." [schedule, Monday]; agent line 2 "Please bring your insurance card and a photo ID to the
 * front desk." [insurance card, photo ID | driver license]. Each test seeds its own attempt: line 1 heard "on
 * sunday morning" (Monday missed), line 2 heard "insurance cart" with the keyword search's evidence of
 * "insurance card" (credited though the transcript does not hold it): 3 of 4 entries, keyword accuracy 75.
 */
describe('keyword evidence and a reviewer’s keyword decisions', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);

  const SAID_1 = 'i can schedule your appointment with the cardiologist on sunday morning';
  const SAID_2 = 'please bring your insurance cart and a photo id to the front desk';
  const CARD: TPhraseEvidence = {
    phrase: 'insurance card',
    sources: ['keyword-search'],
    start: 1.2,
    end: 2,
    confidence: 0.7,
  };

  interface Seeded {
    sim: TakeSim;
    assignmentId: string;
    attemptId: string;
    line1: string;
    line2: string;
    body: { assignment_id: string; sim_id: string; levelId: string };
  }

  /** A completed attempt of level 1 graded as the top comment says, for `userId` of company A. */
  async function seed(userId = a.users.agent.id, company = a): Promise<Seeded> {
    const sim = await buildTakeSim(ctx, company.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: company.company.companyId,
      simId: sim.simId,
      userId,
      status: 'COMPLETED',
    });
    const level = sim.levels[1];
    const built = await buildResult(ctx, assignment, level, { keywordAccuracy: 75 });
    const [first, second] = level.agentLines;
    const line1 = built.lines.get(first.id)!.id;
    const line2 = built.lines.get(second.id)!.id;
    await ctx.db
      .update(attemptLines)
      .set({
        transcription: SAID_1,
        words: wordsOf(SAID_1),
        correctKeywords: ['schedule'],
        missedKeywords: ['Monday'],
        gradeScore: 50,
        passed: false,
      })
      .where(eq(attemptLines.id, line1));
    await ctx.db
      .update(attemptLines)
      .set({ transcription: SAID_2, words: wordsOf(SAID_2), phraseEvidence: [CARD] })
      .where(eq(attemptLines.id, line2));
    return {
      sim,
      assignmentId: assignment.id,
      attemptId: built.attempt.id,
      line1,
      line2,
      body: { assignment_id: assignment.id, sim_id: sim.simId, levelId: level.id },
    };
  }

  const override = (as: Caller, body: Record<string, unknown>) => as.post('/api/v1/sims/result/keyword-override', body);
  const resultOf = async (as: Caller, s: Seeded, query = '') => {
    const res = await reviewCalls(as).result(s.body, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TUserResultResponse;
  };
  const lineRow = async (id: string) => (await ctx.db.select().from(attemptLines).where(eq(attemptLines.id, id)))[0];
  const attemptRow = async (id: string) => (await ctx.db.select().from(attempts).where(eq(attempts.id, id)))[0];
  const auditOf = (lineId: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attempt_line.keyword_override'), eq(auditLog.targetId, lineId)));
  const evidenceOf = (r: TUserResultResponse, lineId: string) => r.scripts.find((l) => l.id === lineId)!.evidence;
  const entry = (evidence: TKeywordEvidence[], keyword: string) => evidence.find((e) => e.keyword === keyword)!;

  it('answers the evidence of each keyword of a graded line; character lines have none', async () => {
    const s = await seed();
    const r = await resultOf(a.as.agent, s);
    expect(r.scripts.filter((l) => !l.is_agent).every((l) => l.evidence.length === 0)).toBe(true);

    expect(evidenceOf(r, s.line1)).toEqual([
      {
        keyword: 'schedule',
        tests: [],
        credited: true,
        auto_credited: true,
        phrase: 'schedule',
        sources: ['transcript'],
        start: 0.8,
        end: 1.15,
        confidence: 0.9,
        in_transcript: true,
        heard: null,
        override: null,
      },
      {
        keyword: 'Monday',
        tests: [],
        credited: false,
        auto_credited: false,
        phrase: 'monday',
        sources: [],
        // "sunday", the 10th word, where Monday was expected
        start: 3.6,
        end: 3.95,
        confidence: null,
        in_transcript: false,
        heard: 'sunday',
        override: null,
      },
    ]);
    const line2 = evidenceOf(r, s.line2);
    expect(entry(line2, 'insurance card')).toMatchObject({
      credited: true,
      auto_credited: true,
      sources: ['keyword-search'],
      start: 1.2,
      end: 2,
      confidence: 0.7,
      in_transcript: false,
      heard: 'insurance cart',
    });
    expect(entry(line2, 'photo ID | driver license')).toMatchObject({
      credited: true,
      phrase: 'photo id',
      sources: ['transcript'],
      in_transcript: true,
    });
    // a reviewer reads the same evidence
    const seen = await resultOf(a.as.supervisor, s, `user_id=${a.users.agent.id}`);
    expect(evidenceOf(seen, s.line2)).toEqual(line2);
  });

  it('a reviewer overturns a credit with a reason: the line and the attempt change, audited, the learner told', async () => {
    const s = await seed();
    const res = await override(a.as.supervisor, {
      line_id: s.line2,
      keyword: 'Insurance Card',
      credited: false,
      reason: '  The learner said "cart", not card.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TKeywordOverrideResponse;
    expect(answer).toMatchObject({
      success: true,
      message: EVIDENCE_MESSAGES.saved,
      grade_score: 50,
      passed: false,
      keywords_matched: ['photo ID | driver license'],
      missed_keywords: ['insurance card'],
      keyword_accuracy: 50,
      overall_percentage: 50,
    });

    const line = await lineRow(s.line2);
    expect(line).toMatchObject({
      correctKeywords: ['photo ID | driver license'],
      missedKeywords: ['insurance card'],
      gradeScore: 50,
      passed: false,
      phraseEvidence: [CARD],
    });
    expect(line.keywordOverrides).toEqual([
      {
        keyword: 'insurance card',
        credited: false,
        reason: 'The learner said "cart", not card.',
        by: a.users.supervisor.id,
        by_name: 'Sofia supervisor',
        at: expect.any(String),
      },
    ]);
    expect(await attemptRow(s.attemptId)).toMatchObject({ keywordAccuracy: 50, overallPercentage: 50 });

    // the learner's result reads the stored figures and shows the decision
    const r = await resultOf(a.as.agent, s);
    expect(r.keyword_accuracy).toBe(50);
    expect(r.overall_percentage).toBe(50);
    const mine = r.scripts.find((l) => l.id === s.line2)!;
    expect(mine).toMatchObject({ keywords_matched: ['photo ID | driver license'], grade_score: 50, passed: false });
    expect(entry(mine.evidence, 'insurance card')).toMatchObject({
      credited: false,
      auto_credited: true,
      sources: ['keyword-search'],
      override: { credited: false, reason: 'The learner said "cart", not card.', by_name: 'Sofia supervisor' },
    });
    expect(answer.evidence).toEqual(mine.evidence);

    const [audit] = await auditOf(s.line2);
    expect(audit).toMatchObject({
      companyId: a.company.companyId,
      actorId: a.users.supervisor.id,
      targetType: 'attempt_line',
      details: {
        attempt_id: s.attemptId,
        assignment_id: s.assignmentId,
        user_id: a.users.agent.id,
        keyword: 'insurance card',
        credited: false,
        reason: 'The learner said "cart", not card.',
        before: { credited: true, override: null, grade_score: 100, passed: true, keyword_accuracy: 75 },
        after: { credited: false, grade_score: 50, passed: false, keyword_accuracy: 50 },
      },
    });
    const told = await ctx.db
      .select({ message: notifications.message, userId: notificationRecipients.userId })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(
        and(eq(notifications.createdBy, a.users.supervisor.id), eq(notificationRecipients.userId, a.users.agent.id)),
      );
    expect(told.some((n) => n.message.includes('"insurance card" no longer counts as said'))).toBe(true);
  });

  it('grants a missed keyword; a later decision on it replaces the earlier one', async () => {
    const s = await seed();
    const granted = await override(a.as.manager, {
      line_id: s.line1,
      keyword: 'monday',
      credited: true,
      reason: 'Clearly said Monday at 3.6 s.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ grade_score: 100, passed: true, keyword_accuracy: 100 });
    expect(await lineRow(s.line1)).toMatchObject({
      correctKeywords: ['schedule', 'Monday'],
      missedKeywords: [],
      gradeScore: 100,
      passed: true,
    });
    expect(await attemptRow(s.attemptId)).toMatchObject({ keywordAccuracy: 100, overallPercentage: 100 });
    const r = await resultOf(a.as.agent, s);
    expect(entry(evidenceOf(r, s.line1), 'Monday')).toMatchObject({
      credited: true,
      auto_credited: false,
      heard: 'sunday',
      override: { credited: true, by_name: 'Marco manager' },
    });

    // the supervisor takes it back: one decision on the keyword, the figures as before the grant
    const back = await override(a.as.supervisor, {
      line_id: s.line1,
      keyword: 'Monday',
      credited: false,
      reason: 'Listened again: sunday.',
    });
    expect(back.statusCode, back.body).toBe(200);
    const line = await lineRow(s.line1);
    expect(line.keywordOverrides).toHaveLength(1);
    expect(line.keywordOverrides[0]).toMatchObject({ keyword: 'Monday', credited: false, by: a.users.supervisor.id });
    expect(line).toMatchObject({ correctKeywords: ['schedule'], gradeScore: 50 });
    expect(await attemptRow(s.attemptId)).toMatchObject({ keywordAccuracy: 75 });
    const audits = await auditOf(s.line1);
    expect(audits).toHaveLength(2);
    expect(audits.map((x) => (x.details as { before: { override: unknown } }).before.override)).toContainEqual({
      credited: true,
      reason: 'Clearly said Monday at 3.6 s.',
      by: a.users.manager.id,
    });
  });

  it('keeps a credit of a line graded before its evidence was stored', async () => {
    const s = await seed();
    // graded by an older server: "insurance card" credited (spotted), nothing stored of why
    await ctx.db.update(attemptLines).set({ phraseEvidence: [] }).where(eq(attemptLines.id, s.line2));
    const before = await resultOf(a.as.agent, s);
    expect(entry(evidenceOf(before, s.line2), 'insurance card')).toMatchObject({
      credited: true,
      auto_credited: true,
      sources: ['keyword-search'],
      confidence: 0.5,
      heard: 'insurance cart',
    });
    // a decision on the other keyword regrades the line: the old credit stays
    const res = await override(a.as.supervisor, {
      line_id: s.line2,
      keyword: 'photo ID|driver license',
      credited: false,
      reason: 'Said photo, not photo ID.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lineRow(s.line2)).toMatchObject({ correctKeywords: ['insurance card'], gradeScore: 50 });
    expect((await lineRow(s.line2)).phraseEvidence).toEqual([
      expect.objectContaining({ phrase: 'insurance card', sources: ['keyword-search'] }),
    ]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const s = await seed();
    const good = { line_id: s.line2, keyword: 'insurance card', credited: false, reason: 'Said cart.' };
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ ...good, reason: undefined }, undefined],
      [{ ...good, reason: '   ' }, 'Write the reason for the change (at least 3 characters).'],
      [{ ...good, reason: 'x'.repeat(501) }, 'The reason can be at most 500 characters.'],
      [{ ...good, keyword: 'refund' }, EVIDENCE_MESSAGES.notLineKeyword],
      [{ ...good, keyword: 'Monday' }, EVIDENCE_MESSAGES.notLineKeyword], // another line's keyword
      [{ ...good, keyword: 'a | b & c' }, EVIDENCE_MESSAGES.notLineKeyword],
      [{ ...good, keyword: '' }, undefined],
      [{ ...good, credited: 'yes' }, undefined],
      [{ ...good, line_id: 'nope' }, 'line_id must be a line id'],
      [{}, undefined],
    ];
    for (const [body, message] of cases) expectFailure(await override(a.as.supervisor, body), 400, 'INVALID', message);
    expect(await lineRow(s.line2)).toMatchObject({ keywordOverrides: [], gradeScore: 100 });
    expect(await auditOf(s.line2)).toEqual([]);
  });

  it('refuses a line that is not graded (409)', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin);
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'COMPLETED',
    });
    const level = sim.levels[1];
    const built = await buildResult(ctx, assignment, level, { lines: 'Failed' });
    const line = built.lines.get(level.agentLines[0].id)!.id;
    expectFailure(
      await override(a.as.supervisor, { line_id: line, keyword: 'schedule', credited: true, reason: 'Said it.' }),
      409,
      'CONFLICT',
      EVIDENCE_MESSAGES.lineNotGraded,
    );
  });

  it('lets only a reviewer of the company decide, never on their own result', async () => {
    const s = await seed();
    const body = { line_id: s.line2, keyword: 'insurance card', credited: false, reason: 'Said cart.' };
    // learners: the route needs the reviewer's permission
    expectFailure(await override(a.as.agent, body), 403, 'FORBIDDEN');
    expectFailure(await override(a.as.agent2, body), 403, 'FORBIDDEN');
    // another company's reviewer, and a line that does not exist
    expectFailure(await override(b.as.supervisor, body), 404, 'NOT_FOUND');
    expectFailure(await override(b.as.admin, body), 404, 'NOT_FOUND');
    expectFailure(await override(a.as.supervisor, { ...body, line_id: crypto.randomUUID() }), 404, 'NOT_FOUND');
    // signed out
    expect((await override(a.as.nobody, body)).statusCode).toBe(401);
    // a reviewer's own result
    const own = await seed(a.users.supervisor.id);
    expectFailure(
      await override(a.as.supervisor, { ...body, line_id: own.line2 }),
      403,
      'FORBIDDEN',
      EVIDENCE_MESSAGES.ownResult,
    );
    // an attempt not completed is not a result
    await ctx.db.update(attempts).set({ status: 'started' }).where(eq(attempts.id, s.attemptId));
    expectFailure(await override(a.as.supervisor, body), 404, 'NOT_FOUND');
    await ctx.db.update(attempts).set({ status: 'completed' }).where(eq(attempts.id, s.attemptId));
    expect(await lineRow(s.line2)).toMatchObject({ keywordOverrides: [], gradeScore: 100 });
    expect(await auditOf(s.line2)).toEqual([]);
  });
});
