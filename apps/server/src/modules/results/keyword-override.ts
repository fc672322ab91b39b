import {
  decisionKey,
  EVIDENCE_MESSAGES,
  evidenceEntries,
  gradeLine,
  KeywordEntryError,
  keywordOverrideNotification,
  RESULT_TEXTS,
  spottedOf,
  type TKeywordEvidence,
  type TKeywordOverride,
  type TKeywordOverrideRequest,
  type TKeywordOverrideResponse,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import type { TakenAssignmentRecord } from '../../policies/attempt';
import { assertCanReadResult, assertIsReviewer, type ResultRecord } from '../../policies/result';
import { findAssignment } from '../assignments/service';
import { findAttempt, findLine, refigureCompletedAttempt } from '../attempts/service';
import { auditSourceOf, recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/service';
import { lineEvidence, storedPhraseEvidence } from './evidence';
import * as repo from './repository';
import * as reviews from './review-repository';

/**
 * A reviewer grants or overturns one keyword of a learner's graded line, with a reason (issue 30, DECISIONS.md
 * section 4): the decision is kept on the line (one per keyword entry, the latest replacing an earlier one), the
 * line is graded again by gradeLine from what was stored (its transcript, the recognisers' phrase evidence as
 * `spotted`, the decisions), the attempt's level figures are recomputed as completing the attempt computes them
 * (attemptFigures over every agent line of the level), the change is audited with its before and after, and the
 * learner is notified. The assignment keeps its status and any decision (nothing of it is derived from the
 * figures). One transaction, holding the assignment's row, then the attempt's and the line's (the order of the
 * attempts module), so an override never reads figures another write is changing.
 */

/**
 * Who may: a reviewer (the review decision's rule: a non-learner account holding review_assignments view; 403),
 * on a completed attempt of their company (404 otherwise), never on their own result (403). Any status of the
 * assignment: a decision already taken stays as it is.
 */
export function assertCanOverrideKeyword<R extends ResultRecord & { assignmentId: string }>(
  actor: Actor,
  assignment: (TakenAssignmentRecord & { id: string }) | null | undefined,
  attempt: R | null | undefined,
): asserts attempt is R {
  assertIsReviewer(actor);
  assertCanReadResult(actor, attempt);
  if (!assignment || assignment.companyId !== actor.companyId || assignment.id !== attempt.assignmentId)
    throw NotFound(RESULT_TEXTS.lineNotFound);
  if (assignment.assignedToId === actor.userId || attempt.userId === actor.userId)
    throw Forbidden(EVIDENCE_MESSAGES.ownResult);
}

const lineGone = () => NotFound(RESULT_TEXTS.lineNotFound);

export async function overrideKeyword(
  deps: AppDeps,
  actor: Actor,
  body: TKeywordOverrideRequest,
): Promise<Omit<TKeywordOverrideResponse, 'success'>> {
  assertIsReviewer(actor);
  const first = await findLine(deps.db, actor.companyId, body.line_id);
  if (!first) throw lineGone();
  return deps.db.transaction(async (tx) => {
    // the assignment's row, then the attempt's and the line's: the order of the attempts module
    const assignment = await findAssignment(tx, actor.companyId, first.attempt.assignmentId, { lock: true });
    await findAttempt(tx, actor.companyId, first.attempt.id, { lock: true });
    const found = await findLine(tx, actor.companyId, body.line_id, { lock: true });
    if (!found) throw lineGone();
    const { line, attempt } = found;
    assertCanOverrideKeyword(actor, assignment, attempt);
    if (line.status !== 'Completed') throw Conflict(EVIDENCE_MESSAGES.lineNotGraded);
    const script = await repo.scriptOfLine(tx, actor.companyId, line.simScriptId);
    if (!script) throw lineGone();

    let entries: ReturnType<typeof evidenceEntries>;
    try {
      entries = evidenceEntries(script);
    } catch (err) {
      if (err instanceof KeywordEntryError) throw Conflict(EVIDENCE_MESSAGES.keywordsUnreadable);
      throw err;
    }
    const key = decisionKey(body.keyword);
    const entry = entries.find((e) => e.entry.key === key)?.entry;
    if (!entry) throw Invalid(EVIDENCE_MESSAGES.notLineKeyword, 'keyword');

    const now = deps.now();
    const decision: TKeywordOverride = {
      keyword: entry.raw,
      credited: body.credited,
      reason: body.reason,
      by: actor.userId,
      by_name: (await reviews.userName(tx, actor.companyId, actor.userId)) ?? '',
      at: now.toISOString(),
    };
    const earlier = line.keywordOverrides.find((o) => decisionKey(o.keyword) === entry.key) ?? null;
    const creditedIn = (evidence: TKeywordEvidence[]) =>
      evidence.find((e) => e.keyword === entry.raw)?.credited ?? false;
    const before = lineEvidence(line, script);
    const overrides = [...line.keywordOverrides.filter((o) => decisionKey(o.keyword) !== entry.key), decision];
    // the evidence as stored (a line graded before it was stored keeps the credits it was given)
    const phraseEvidence = storedPhraseEvidence(line, script);
    const graded = gradeLine({
      transcript: line.transcription,
      keywords: script.keywords,
      tests: script.tests,
      natural_lenguage: script.naturalLenguage,
      overalConfidence: script.overalConfidence,
      spotted: spottedOf(phraseEvidence),
      overrides,
    });
    const lineValues = {
      correctKeywords: graded.correctKeywords,
      missedKeywords: graded.missedKeywords,
      testsMatched: graded.tests_matched,
      missedTests: graded.missed_tests,
      gradeScore: graded.grade_score,
      passed: graded.passed,
      phraseEvidence,
      keywordOverrides: overrides,
    };
    await repo.updateLineGrade(tx, line.id, lineValues);
    const after = lineEvidence({ ...line, ...lineValues }, script);

    // the level's figures, as completing the attempt computes them
    const saved = await refigureCompletedAttempt(tx, actor.companyId, attempt, now);
    const level = await repo.findLevel(tx, attempt.simId, attempt.simLevelId);
    if (!saved || !level) throw lineGone();

    await recordAudit(tx, auditSourceOf(actor), {
      type: 'attempt_line.keyword_override',
      lineId: line.id,
      attemptId: attempt.id,
      assignmentId: attempt.assignmentId,
      userId: attempt.userId,
      keyword: entry.raw,
      credited: body.credited,
      reason: body.reason,
      before: {
        credited: creditedIn(before),
        override: earlier ? { credited: earlier.credited, reason: earlier.reason, by: earlier.by } : null,
        grade_score: line.gradeScore,
        passed: line.passed,
        keyword_accuracy: attempt.keywordAccuracy,
        overall_percentage: attempt.overallPercentage,
      },
      after: {
        credited: creditedIn(after),
        grade_score: graded.grade_score,
        passed: graded.passed,
        keyword_accuracy: saved.keywordAccuracy,
        overall_percentage: saved.overallPercentage,
      },
    });
    const view = await repo.assignmentView(tx, actor.companyId, attempt.assignmentId);
    await notifyUsers(
      tx,
      {
        companyId: actor.companyId,
        message: keywordOverrideNotification({
          simTitle: view?.simTitle ?? '',
          levelName: level.name,
          keyword: entry.raw,
          credited: body.credited,
          reason: body.reason,
        }),
        createdBy: actor.userId,
        now,
      },
      [attempt.userId],
    );

    return {
      message: EVIDENCE_MESSAGES.saved,
      grade_score: graded.grade_score,
      passed: graded.passed,
      keywords_matched: graded.correctKeywords,
      missed_keywords: graded.missedKeywords,
      evidence: after,
      keyword_accuracy: saved.keywordAccuracy,
      overall_percentage: saved.overallPercentage,
    };
  });
}
