import { formatScoreDate, SCORE_EXPORT, type TScoreRow } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  buildAssignment,
  buildResult,
  buildTakeSim,
  reviewCalls,
  SPOKEN_LINES,
  scoreCalls,
  staffedCompany,
  testApp,
} from './factories';
import { readWithLibreOffice } from './libreoffice';

/**
 * Issue 31, defect 6: a score row (SCORE and Score_List.xlsx) carries the review that applied to its attempt
 * (the first decision after the attempt was completed) and the time that attempt was sent for review, not the
 * assignment's latest review on every row.
 */
describe('score rows carry their own review (issue 31)', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);

  it('stamps each attempt with the decision and the send that followed it, or none', async () => {
    const sim = await buildTakeSim(ctx, a.users.admin, { levels: [{ order: 0, lines: SPOKEN_LINES }] });
    const assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'COMPLETED',
    });
    const learner = reviewCalls(a.as.agent);
    const reviewer = reviewCalls(a.as.supervisor);
    const ok = async (p: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
      const res = await p;
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { send_for_review_date: string; date_of_review: string };
    };

    // a 50% attempt, sent, marked NO PASS
    const first = await buildResult(ctx, assignment, sim.levels[0], {
      keywordAccuracy: 50,
      startedAt: new Date(Date.now() - 3_600_000),
    });
    const sent1 = await ok(learner.setStatus(assignment.id, 'PENDING REVIEW'));
    const decided1 = await ok(reviewer.setStatus(assignment.id, 'NO PASS', { review_comments: 'Say the day' }));
    // a retake after the decision, sent, marked PASS
    const second = await buildResult(ctx, assignment, sim.levels[0], {
      keywordAccuracy: 100,
      startedAt: new Date(Date.now() - 60_000),
      completedAt: new Date(),
    });
    const sent2 = await ok(learner.setStatus(assignment.id, 'PENDING REVIEW'));
    const decided2 = await ok(reviewer.setStatus(assignment.id, 'PASS'));
    // a third attempt after the PASS was never reviewed (a builder may make what the API refuses)
    const third = await buildResult(ctx, assignment, sim.levels[0], {
      keywordAccuracy: 70,
      startedAt: new Date(Date.now() - 30_000),
      completedAt: new Date(),
    });

    const page = await scoreCalls(a.as.supervisor).page({ final_result: false }, { members: [a.users.agent.id] });
    const row = (id: string) => page.scores.find((r) => r.response_id === id) as TScoreRow;
    const sofia = `Sofia ${a.users.supervisor.lastName}`;
    expect(row(first.attempt.id)).toMatchObject({
      keywordAccuracy: 50,
      status: 'NO PASS',
      review_status: true,
      reviewed_date: decided1.date_of_review,
      reviewed_by: sofia,
    });
    // an earlier send is read from the audit trail, stamped when its transaction began (a few ms before)
    const sentFirst = Date.parse(row(first.attempt.id).sent_for_review_date ?? '');
    expect(Math.abs(sentFirst - Date.parse(sent1.send_for_review_date))).toBeLessThan(1000);
    expect(row(second.attempt.id)).toMatchObject({
      keywordAccuracy: 100,
      status: 'PASS',
      review_status: true,
      reviewed_date: decided2.date_of_review,
      reviewed_by: sofia,
      sent_for_review_date: sent2.send_for_review_date,
    });
    expect(row(third.attempt.id)).toMatchObject({
      keywordAccuracy: 70,
      review_status: false,
      reviewed_date: null,
      reviewed_by: null,
      sent_for_review_date: null,
    });
    // the REVIEW STATUS sort reads each row's own decision
    const sorted = await scoreCalls(a.as.supervisor).page(
      { final_result: false, sortBy: 'review_status', sort: 'asc' },
      { members: [a.users.agent.id] },
    );
    expect(sorted.scores.map((r) => r.status)).toEqual(['PASS', 'PASS', 'NO PASS']);
    expect(sorted.scores[2].response_id).toBe(first.attempt.id);

    // Score_List.xlsx, read back: the same per attempt
    const res = await scoreCalls(a.as.supervisor).download({ final_result: false }, { members: [a.users.agent.id] });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readWithLibreOffice(res.rawPayload);
    const at = SCORE_EXPORT.columns.indexOf('SEND FOR REVIEW DATE' as never);
    const shown = (iso: string | null) => formatScoreDate(iso);
    const byScore = (pct: string) => sheet.find((r) => r[3] === pct) as string[];
    expect(byScore('50.00%').slice(at, at + 4)).toEqual([
      shown(row(first.attempt.id).sent_for_review_date),
      'NO PASS',
      shown(decided1.date_of_review),
      sofia,
    ]);
    expect(byScore('100.00%').slice(at, at + 4)).toEqual([
      shown(sent2.send_for_review_date),
      'PASS',
      shown(decided2.date_of_review),
      sofia,
    ]);
    expect(byScore('70.00%').slice(at, at + 4)).toEqual(['------', '------', '------', '------']);
  }, 120_000);
});
