import {
  ASSIGNMENT_MESSAGES,
  type AssignmentStatus,
  type AttemptMode,
  evaluatePassCriteria,
  NOT_APPLICABLE,
  RESULT_TEXTS,
  TAKE_SIM_MESSAGES,
  type TAssignmentHistoryResponse,
  type TAttemptInput,
  type THistoryAttempt,
  type TResultRequest,
  type TUserResult,
} from '@sim/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { NotFound } from '../../lib/errors';
import { sendBlob } from '../../lib/send-blob';
import { holds } from '../../policies/core';
import { assertCanReadResult, assertCanReadResults, mayReadRecording } from '../../policies/result';
import { findAssignment } from '../assignments/service';
import { findLine } from '../attempts/service';
import { resultRecording } from '../screen-recording/service';
import { passFailOf, scriptsOfLevel, toPassFail } from '../sims/service';
import { voiceServiceEnabled } from '../voice-service/service';
import { resultLines } from './lines';
import * as repo from './repository';
import { hasWorkSinceDecision } from './review-repository';

export { readAssessorNotes, writeAssessorNotes } from './notes';
export { addStatus, trackRecord } from './review';

/**
 * The result view (learner-and-review.md sections 2, 3 and 7; DECISIONS.md section 6): a level's result
 * for an assignment, the audio processing status, the assignment's history and the learner's recordings.
 * Every read loads its record scoped to the caller's company and asserts the results policy.
 */

const assignmentGone = () => NotFound(ASSIGNMENT_MESSAGES.assignmentNotFound);

/** The assignment the caller may read results of; `simId` and `userId`, when given, must be its own (404). */
export async function readableAssignment(
  db: DbOrTx,
  actor: Actor,
  id: string,
  of: { simId?: string; userId?: string } = {},
) {
  const assignment = await findAssignment(db, actor.companyId, id);
  assertCanReadResults(actor, assignment);
  if ((of.simId && of.simId !== assignment.simId) || (of.userId && of.userId !== assignment.assignedToId))
    throw assignmentGone();
  return assignment;
}

/** The level of the assignment's sim, and the attempt its result shows (null: no result yet). */
async function findResult(deps: AppDeps, actor: Actor, body: TResultRequest, userId?: string) {
  const assignment = await readableAssignment(deps.db, actor, body.assignment_id, { simId: body.sim_id, userId });
  const level = await repo.findLevel(deps.db, assignment.simId, body.levelId);
  if (!level) throw NotFound(TAKE_SIM_MESSAGES.levelNotAssigned);
  const attempt = await repo.resultAttempt(deps.db, actor.companyId, assignment.id, level.id, body.response_id);
  return { assignment, level, attempt };
}

/** Whether the level has a result for the assignment (a completed attempt; the given one when response_id). */
export async function resultExists(deps: AppDeps, actor: Actor, body: TResultRequest, userId?: string) {
  return (await findResult(deps, actor, body, userId)).attempt !== null;
}

const matches = (i: TAttemptInput) =>
  i.target_value !== null && i.input_value.trim().toLowerCase() === i.target_value.trim().toLowerCase();
const toInput = (i: TAttemptInput) => ({
  field_title: i.field_title,
  input_value: i.input_value,
  target_value: i.target_value,
  matched: matches(i),
});
const asLevelFigure = (f: number | null) => (f === null ? NOT_APPLICABLE : f);

/** A level's result: the latest completed attempt of the level (or the one given), 404 when there is none. */
export async function userResult(
  deps: AppDeps,
  actor: Actor,
  body: TResultRequest,
  userId?: string,
): Promise<TUserResult> {
  const { assignment, level, attempt } = await findResult(deps, actor, body, userId);
  assertCanReadResult(actor, attempt);
  const [view, scripts, lines, criteria, facts, recording] = await Promise.all([
    repo.assignmentView(deps.db, actor.companyId, assignment.id),
    scriptsOfLevel(deps.db, level.id),
    repo.linesOf(deps.db, attempt.id),
    passFailOf(deps.db, assignment.simId),
    repo.sendFacts(deps.db, assignment.id, assignment.simId),
    resultRecording(deps, actor.companyId, attempt.id),
  ]);
  if (!view) throw assignmentGone();
  const agentIds = scripts.filter((s) => s.character?.type === 'agent').map((s) => s.script.id);
  const takes = await repo.takesOf(deps.db, actor.companyId, assignment.id, attempt.userId, agentIds);
  const transcript = resultLines(deps, actor, { attempt, scripts, lines, takes });
  const ofThisLevel = criteria?.simLevelId === level.id;
  const judged =
    criteria && ofThisLevel
      ? evaluatePassCriteria(
          {
            keyword_accuracy: asLevelFigure(attempt.keywordAccuracy),
            typing_accuracy: asLevelFigure(attempt.typingAccuracy),
            data_selection_accuracy: asLevelFigure(attempt.dataSelectionAccuracy),
            overall_accuracy: asLevelFigure(attempt.overallPercentage),
          },
          toPassFail(criteria),
        )
      : null;
  return {
    _id: attempt.id,
    assignment_id: assignment.id,
    assignment_status: assignment.status as AssignmentStatus,
    sim_id: assignment.simId,
    sim_level_id: level.id,
    send_for_review: facts.allLevelsCompleted && facts.allAudioProcessed,
    pass_fail_details: {
      sim_level_id: criteria?.simLevelId ?? null,
      passed: judged?.passed ?? null,
      // the scorecard's thresholds (issue 31): each criterion with its figure (N/A as null)
      criteria: (judged?.details ?? []).map((d) => ({
        criterion: d.criterion,
        threshold: d.threshold,
        figure: typeof d.figure === 'number' ? d.figure : null,
        status: d.status,
      })),
    },
    level: {
      _id: level.id,
      name: level.name,
      order: level.sortOrder,
      sim_id: level.simId,
      send_to_snowfly: level.sendToSnowfly,
    },
    simTitle: view.simTitle,
    sim_type: view.simType,
    product_name: view.productName,
    product_type: view.productType,
    user: {
      _id: view.userId,
      first_name: view.firstName,
      last_name: view.lastName,
      name: `${view.firstName} ${view.lastName}`.trim(),
      profile_pic_url: view.profilePicUrl,
    },
    mode: attempt.mode as AttemptMode,
    completed_on: attempt.completedAt?.toISOString() ?? null,
    started_on: attempt.startedAt.toISOString(),
    totalSeconds: attempt.totalSeconds,
    wrapSeconds: attempt.wrapSeconds,
    keyword_accuracy: attempt.keywordAccuracy,
    typing_accuracy: attempt.typingAccuracy,
    data_selection_accuracy: attempt.dataSelectionAccuracy,
    overall_percentage: attempt.overallPercentage,
    correct_entries: attempt.correctEntries,
    total_entries: attempt.totalEntries,
    correct_selections: attempt.correctSelections,
    total_selections: attempt.totalSelections,
    auto_populate: view.simAutoPopulate || level.autoPopulate,
    typing_inputs: attempt.inputs.filter((i) => i.kind === 'typing').map(toInput),
    data_inputs: attempt.inputs.filter((i) => i.kind === 'selection').map(toInput),
    scripts: transcript.scripts,
    agentScripts: transcript.agentScripts,
    all_completed: !transcript.scripts.some((l) => l.status === 'Pending'),
    assessor_notes: holds(actor, 'assessor_notes', 'view') ? attempt.assessorNotes : null,
    send_to_snowfly: attempt.sendToSnowfly,
    snowfly_id: attempt.snowflyId,
    voice_service_enabled: voiceServiceEnabled(deps),
    ...recording,
  };
}

/**
 * The audio processing status of an assignment (polled every 6 s): whether every learner line of the latest
 * completed attempt of every completed level is graded, whether every level is completed, the two together
 * (send_for_review), and whether an attempt was completed after the latest PASS / NO PASS (a decided
 * assignment is sent for review again only then: the web says why the button is unavailable).
 */
export async function audioStatus(
  deps: AppDeps,
  actor: Actor,
  q: { simId: string; assignmentId: string; user_id?: string },
) {
  const assignment = await readableAssignment(deps.db, actor, q.assignmentId, { simId: q.simId, userId: q.user_id });
  const [facts, workSinceDecision] = await Promise.all([
    repo.sendFacts(deps.db, assignment.id, assignment.simId),
    hasWorkSinceDecision(deps.db, actor.companyId, assignment.id),
  ]);
  return {
    allAudioProcessed: facts.allAudioProcessed,
    allLevelsCompleted: facts.allLevelsCompleted,
    send_for_review: facts.allLevelsCompleted && facts.allAudioProcessed,
    work_since_decision: workSinceDecision,
  };
}

/** The assignment's attempts, newest first. */
export async function assignmentHistory(
  deps: AppDeps,
  actor: Actor,
  assignmentId: string,
): Promise<Omit<TAssignmentHistoryResponse, 'success'>> {
  const assignment = await readableAssignment(deps.db, actor, assignmentId);
  const rows = await repo.historyOf(deps.db, actor.companyId, assignment.id);
  return {
    assignment_id: assignment.id,
    history: rows.map(
      ({ attempt: a, levelName, levelOrder }): THistoryAttempt => ({
        _id: a.id,
        sim_level_id: a.simLevelId,
        level_name: levelName,
        level_order: levelOrder,
        mode: a.mode as AttemptMode,
        status: a.status as THistoryAttempt['status'],
        started_on: a.startedAt.toISOString(),
        completed_on: a.completedAt?.toISOString() ?? null,
        totalSeconds: a.totalSeconds,
        wrapSeconds: a.wrapSeconds,
        keyword_accuracy: a.keywordAccuracy,
        typing_accuracy: a.typingAccuracy,
        data_selection_accuracy: a.dataSelectionAccuracy,
        overall_percentage: a.overallPercentage,
      }),
    ),
  };
}

/**
 * Streams a learner's recording of a line to the viewer its signed URL was made for, after checking again
 * that this viewer may read the line (404 otherwise, and for a URL signed for nobody).
 */
export async function sendRecording(
  deps: AppDeps,
  actor: Actor | null,
  lineId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const gone = () => NotFound(RESULT_TEXTS.lineNotFound);
  if (!actor) throw gone();
  const found = await findLine(deps.db, actor.companyId, lineId);
  if (!found || !mayReadRecording(actor, found.attempt) || !found.line.audioKey) throw gone();
  return sendBlob(deps.blobs, found.line.audioKey, request, reply);
}
