import {
  ASSIGNMENT_MESSAGES,
  type AttemptMode,
  AUTHORING_LIMITS,
  isLearnerTurn,
  KeywordEntryError,
  keywordEvidence,
  type TAttemptInput,
  type TContinueResponse,
  type TKeywordEvidence,
  type TLearnerSimResponse,
  type TLevelStats,
  type TLevelStatsQuery,
  type TLineResultResponse,
  type TSaveStatsRequest,
  type TStartAttemptRequest,
  type TTakeSimQuery,
  type TTakeSimResponse,
  type TTakeSimStep,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { NotFound } from '../../lib/errors';
import { signedFileUrl } from '../../lib/signed-files';
import { assertCanReadAttempt, assertCanTakeAssignment, mayReadLine } from '../../policies/attempt';
import { recordingCounts } from '../screen-recording/service';
import {
  layoutsOf,
  levelsOf,
  passFailOf,
  scriptsOfLevel,
  simDetails,
  toLevel,
  toPassFail,
  toScript,
} from '../sims/service';
import { linesAhead } from '../speech/service';
import {
  assertModeAllowed,
  attemptGone,
  factsOf,
  learnerScript,
  levelOf,
  readableAssignment,
  writableAttempt,
} from './access';
import { closeAttempt } from './close';
import { countInputs, passedByCriteria, storedFigures } from './figures';
import { caseTargetsOf, serverInputs } from './inputs';
import * as repo from './repository';

export { finalScore } from './close';
/** The attempts module's face to other modules: the learner's recording and line result, and the grading job. */
export { LINE_GRADING_JOB_KIND, lineGradingJob } from './grading-job';
export { recordLine, retryLine } from './recording';
/** For the results module: a completed attempt's figures again after a reviewer's keyword decision (issue 30). */
export { refigureCompletedAttempt } from './refigure';
/** For the results module: an attempt, or a line with its attempt, of the company (null otherwise). */
export { findAttempt, findLine } from './repository';
export { passedLineCount, passedRecordings } from './speech-samples';

/**
 * Taking a sim (learner-and-review.md sections 2-4 and 7, DECISIONS.md section 6): the learner's sim and
 * level cards, starting and resuming a level, its steps, the learner's lines and the attempt's figures.
 * Every service loads its record scoped to the caller's company and asserts the attempts policy.
 */

// ---- the sim detail dialog ----

/** The sim of an assignment as its learner (or a reviewer) sees it: details, characters, levels; no audio. */
export async function learnerSim(
  deps: AppDeps,
  actor: Actor,
  assignmentId: string,
): Promise<Omit<TLearnerSimResponse, 'success'>> {
  const assignment = await readableAssignment(deps, actor, assignmentId);
  const [sim, levels] = await Promise.all([
    simDetails(deps, actor, assignment.simId),
    levelsOf(deps.db, assignment.simId),
  ]);
  return {
    sim: { ...sim, levels: levels.map((l) => toLevel(l.level, l.totalScripts)) },
    assignment_id: assignment.id,
    assignment_status: assignment.status,
  };
}

/**
 * The level cards: per level, its attempts and completions for this assignment, the latest completed
 * attempt's figures with pass/fail (by the sim's pass/fail criteria when this level carries them, else
 * null), the level's screen-recording flag and the latest unfinished attempt (RESUME / START OVER).
 */
export async function levelStats(deps: AppDeps, actor: Actor, q: TLevelStatsQuery) {
  const assignment = await readableAssignment(deps, actor, q.assignment_id);
  if (assignment.simId !== q.sim_id || (q.user_id !== undefined && q.user_id !== assignment.assignedToId))
    throw NotFound(ASSIGNMENT_MESSAGES.assignmentNotFound);
  const { companyId } = actor;
  const [levels, counts, completed, started, criteria] = await Promise.all([
    levelsOf(deps.db, assignment.simId),
    repo.attemptCounts(deps.db, companyId, assignment.id),
    repo.latestPerLevel(deps.db, companyId, assignment.id, 'completed'),
    repo.latestPerLevel(deps.db, companyId, assignment.id, 'started'),
    passFailOf(deps.db, assignment.simId),
  ]);
  const recordings = await recordingCounts(
    deps.db,
    started.map((a) => a.id),
  );
  const stats = levels.map(({ level, totalScripts }): TLevelStats => {
    const count = counts.find((c) => c.levelId === level.id);
    const last = completed.find((a) => a.simLevelId === level.id);
    const open = started.find((a) => a.simLevelId === level.id);
    const figures = last ? storedFigures(last) : null;
    return {
      level_id: level.id,
      level_name: level.name,
      level_order: level.sortOrder,
      total_attempts: count?.total ?? 0,
      completed_attempts: count?.completed ?? 0,
      pass_fail_details:
        last && figures
          ? {
              user_response_id: last.id,
              keyword_accuracy: figures.keyword_accuracy,
              overall_percentage: figures.overall_percentage,
              passed: criteria?.simLevelId === level.id ? passedByCriteria(figures, toPassFail(criteria)) : null,
              completed_on: (last.completedAt ?? last.updatedAt).toISOString(),
            }
          : null,
      screenRecording: level.screenRecording,
      screen_recordings: open ? (recordings.get(open.id) ?? 0) : 0,
      unfinished: open
        ? { user_response_id: open.id, mode: open.mode as AttemptMode, active_index: open.activeIndex }
        : null,
      total_scripts: totalScripts,
    };
  });
  return { assignment_status: assignment.status, stats };
}

/** Whether the level has an unfinished (started) attempt to resume, where, and the seconds already spent. */
export async function continueLevel(
  deps: AppDeps,
  actor: Actor,
  body: { simId: string; simLevelId: string; assignment_id: string },
): Promise<Omit<TContinueResponse, 'success'>> {
  const assignment = await repo.findAssignment(deps.db, actor.companyId, body.assignment_id);
  assertCanTakeAssignment(actor, assignment);
  const level = await levelOf(deps.db, assignment, body.simId, body.simLevelId);
  const open = await repo.latestStarted(deps.db, actor.companyId, assignment.id, level.id);
  return {
    continue_agent: open !== null,
    active_clip_index: open?.activeIndex ?? 0,
    user_response_id: open?.id ?? null,
    mode: (open?.mode as AttemptMode | undefined) ?? null,
    total_seconds: open?.totalSeconds ?? 0,
  };
}

// ---- the take-sim screen ----

function recordedUrl(deps: AppDeps, key: string | null): string | null {
  return key ? signedFileUrl(deps, key, AUTHORING_LIMITS.audioUrlTtlSeconds).url : null;
}

/**
 * A level as the take-sim screen plays it: its steps in order (each script with its character and the
 * signed URL of its clip; without the coach's lines when the given attempt is without coach; each agent
 * step with the learner's take in the given attempt), the sim, and its case layouts when its product type
 * is Internal Data.
 */
export async function takeSim(
  deps: AppDeps,
  actor: Actor,
  q: TTakeSimQuery,
): Promise<Omit<TTakeSimResponse, 'success'>> {
  const assignment = await readableAssignment(deps, actor, q.assignment_id);
  const level = await levelOf(deps.db, assignment, undefined, q.simLevelId);
  let attempt: repo.AttemptRow | null = null;
  if (q.user_response_id) {
    attempt = await repo.findAttempt(deps.db, actor.companyId, q.user_response_id);
    assertCanReadAttempt(actor, attempt);
    if (attempt.assignmentId !== assignment.id || attempt.simLevelId !== level.id) throw attemptGone();
  }
  const [sim, scripts, lines] = await Promise.all([
    simDetails(deps, actor, assignment.simId),
    scriptsOfLevel(deps.db, level.id),
    attempt ? repo.linesOf(deps.db, actor.companyId, attempt.id) : Promise.resolve([]),
  ]);
  const takes = new Map(lines.map((l) => [l.simScriptId, l]));
  const steps = scripts
    .filter((s) => !(attempt?.withoutCoach && s.character?.type === 'coach'))
    .map(({ script, character }): TTakeSimStep => {
      const isAgent = character?.type === 'agent';
      const learnerTurn = isLearnerTurn(character?.type, { convert_agent: level.convertAgent });
      const take = learnerTurn ? takes.get(script.id) : undefined;
      return {
        ...toScript(deps, script, character),
        is_agent: isAgent,
        learner_turn: learnerTurn,
        take: take
          ? {
              id: take.id,
              status: take.status as 'Pending' | 'Completed' | 'Failed',
              transcription: take.transcription,
              grade_score: take.gradeScore,
              recorded_url: recordedUrl(deps, take.audioKey),
            }
          : null,
      };
    });
  const layouts = /internal data/i.test(sim.product_type) ? await layoutsOf(deps.db, assignment.simId) : [];
  return {
    sim,
    level: {
      ...toLevel(level, scripts.length),
      sim_scripts: steps,
      sim_real_time_feedback: sim.real_time_feedback,
      level_real_time_feedback: level.realTimeFeedback,
    },
    layouts,
    assignment_status: assignment.status,
  };
}

/**
 * Starts an attempt of a level of the caller's assignment (save-take-sim-details): the started attempt of
 * the same level, if any, becomes exited (START OVER); the assignment goes IN PROGRESS from NOT STARTED or
 * NO PASS, its start date set once. One transaction holding the assignment's row.
 */
export function startAttempt(deps: AppDeps, actor: Actor, body: TStartAttemptRequest): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const assignment = await repo.findAssignment(tx, actor.companyId, body.assignment_id, { lock: true });
    assertCanTakeAssignment(actor, assignment, 'start');
    const level = await levelOf(tx, assignment, body.simId, body.simLevelId);
    assertModeAllowed(body.mode, await factsOf(tx, actor.companyId, assignment.simId), level);
    const now = deps.now();
    await repo.exitStartedAttempts(tx, actor.companyId, assignment.id, level.id, now);
    const attempt = await repo.insertAttempt(tx, {
      companyId: actor.companyId,
      assignmentId: assignment.id,
      userId: actor.userId,
      simId: assignment.simId,
      simLevelId: level.id,
      mode: body.mode,
      withoutCoach: body.without_coach,
      startedAt: now,
      updatedAt: now,
    });
    const reopens = assignment.status === 'NOT STARTED' || assignment.status === 'NO PASS';
    if (reopens || !assignment.startDate)
      await repo.updateAssignment(tx, actor.companyId, assignment.id, {
        ...(reopens ? { status: 'IN PROGRESS' } : {}),
        startDate: assignment.startDate ?? now,
        updatedAt: now,
      });
    return attempt.id;
  });
}

// ---- during the attempt ----

/**
 * Keeps the mode, step and seconds of the caller's started attempt (status started), or closes it as
 * completed (status completed: as All Done without times). Mode practice is refused where autoplay is the
 * only mode.
 */
export async function saveStats(deps: AppDeps, actor: Actor, body: TSaveStatsRequest): Promise<void> {
  if (body.status === 'completed') {
    await closeAttempt(deps, actor, {
      user_response_id: body.user_response_id,
      of: { simId: body.simId, simLevelId: body.simLevelId },
      outcome: 'completed',
      times: body.totalSeconds !== undefined ? { totalSeconds: body.totalSeconds } : undefined,
    });
    return;
  }
  await deps.db.transaction(async (tx) => {
    const attempt = await writableAttempt(tx, actor, body.user_response_id, body, { lock: true });
    const level = await repo.findLevel(tx, attempt.simId, attempt.simLevelId);
    if (!level) throw attemptGone();
    assertModeAllowed(body.mode, await factsOf(tx, actor.companyId, attempt.simId), level);
    await repo.updateAttempt(tx, actor.companyId, attempt.id, {
      mode: body.mode,
      ...(body.updateIndexBool ? { activeIndex: body.activeIndex } : {}),
      ...(body.totalSeconds !== undefined ? { totalSeconds: body.totalSeconds } : {}),
      updatedAt: deps.now(),
    });
  });
}

/** The id of the learner's take of an agent line of their started attempt, made on first call. */
export async function lineId(
  deps: AppDeps,
  actor: Actor,
  body: { user_response_id: string; sim_script_id: string },
): Promise<string> {
  const attempt = await writableAttempt(deps.db, actor, body.user_response_id);
  const script = await learnerScript(deps.db, attempt, body.sim_script_id, 'sim_script_id');
  return (await repo.upsertLine(deps.db, attempt.id, script.id)).id;
}

/**
 * The result of a learner's line, when the id is one the caller may read (their own, or a reviewer's of
 * the company); null otherwise (the route then reads the id as a script's, for Try Test). Lists empty and
 * status Pending before the recording is graded.
 */
export async function lineResult(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<Omit<TLineResultResponse, 'success'> | null> {
  const found = await repo.findLine(deps.db, actor.companyId, id);
  if (!found || !mayReadLine(actor, found)) return null;
  const l = found.line;
  const graded = l.status === 'Completed';
  const evidence = graded ? await lineEvidenceOf(deps, l) : [];
  // an honest wait (issue 32): the lines graded before this one, when it waits for a decoder here
  const ahead = l.status === 'Pending' ? linesAhead(deps, l.id) : undefined;
  return {
    ...(evidence.length ? { evidence } : {}),
    ...(ahead !== undefined ? { lines_ahead: ahead } : {}),
    id: l.id,
    correct_keywords: graded ? l.correctKeywords : [],
    missed_keywords: graded ? l.missedKeywords : [],
    grade_score: graded ? l.gradeScore : 0,
    passed: graded ? l.passed : false,
    tests_matched: graded ? l.testsMatched : [],
    missed_tests: graded ? l.missedTests : [],
    transcription: l.transcription,
    status: l.status as TLineResultResponse['status'],
  };
}

/**
 * The case-panel values of the caller's started attempt (replaced), with their typing/selection counts,
 * scored against the targets of the sim's layouts, never the client's (inputs.ts; 400 for an unknown field).
 */
export async function saveInputs(
  deps: AppDeps,
  actor: Actor,
  q: { simId: string; userResponseId: string },
  sent: TAttemptInput[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const attempt = await writableAttempt(tx, actor, q.userResponseId, { simId: q.simId }, { lock: true });
    const facts = await factsOf(tx, actor.companyId, attempt.simId);
    const inputs = serverInputs(caseTargetsOf(facts.productType, await layoutsOf(tx, attempt.simId)), sent);
    await repo.updateAttempt(tx, actor.companyId, attempt.id, {
      inputs,
      ...countInputs(inputs),
      updatedAt: deps.now(),
    });
  });
}

/**
 * The evidence of a graded line for the real-time feedback ("expected Thursday, heard Friday"; issue 30): the
 * recognisers' stored phrase evidence and the reviewer's decisions, read against the line's script. [] when
 * the script is gone or its keywords no longer parse.
 */
async function lineEvidenceOf(deps: AppDeps, l: repo.LineRow): Promise<TKeywordEvidence[]> {
  const script = await repo.findScript(deps.db, l.simScriptId);
  if (!script) return [];
  try {
    return keywordEvidence({
      expected: script.script,
      keywords: script.keywords,
      tests: script.tests,
      transcript: l.transcription,
      words: l.words,
      evidence: l.phraseEvidence,
      overrides: l.keywordOverrides,
    });
  } catch (err) {
    if (err instanceof KeywordEntryError) return [];
    throw err;
  }
}
