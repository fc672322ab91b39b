import { gradeLine, RESULT_LIMITS, type TLastFiveTake, type TResultLine } from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { signedFileUrl } from '../../lib/signed-files';
import { signPath } from '../../lib/url-signing';
import type { CharacterRow, ScriptRow } from '../sims/service';
import { lineEvidence } from './evidence';
import type { AttemptRow, LineRow, Take } from './repository';

/**
 * The transcript of a result: every line of the level in order (without the coach's when the attempt was
 * taken without coach). A character's line carries its clip; a learner's line its take in this attempt:
 * the recording, transcript, recognised words, grade, the evidence of each keyword (issue 30: what was heard,
 * where, a reviewer's decision; evidence.ts) and the learner's earlier takes of the line.
 */

/** The path of a line's recording (resultsApi.recording); signed for one viewer. */
export const recordingPath = (lineId: string) => `/api/v1/sims/result/recording/${lineId}`;

/**
 * A signed, expiring URL of a learner's recording, for this viewer only: the signature covers the viewer
 * (sub), and the recording route checks again, when it is fetched, that the viewer may read the line.
 */
export function recordingUrl(deps: AppDeps, actor: Actor, lineId: string): string {
  return signPath(
    deps.urlKey,
    recordingPath(lineId),
    RESULT_LIMITS.recordingUrlTtlSeconds,
    deps.now(),
    `${actor.userId}:${actor.companyId}`,
  );
}

const clipUrl = (deps: AppDeps, key: string | null) =>
  key ? signedFileUrl(deps, key, RESULT_LIMITS.recordingUrlTtlSeconds).url : null;

export interface LineInputs {
  attempt: AttemptRow;
  scripts: { script: ScriptRow; character: CharacterRow | null }[];
  lines: LineRow[];
  /** every recorded take of the level's scripts by the learner on the assignment, oldest first */
  takes: Take[];
}

/** The earlier takes (other attempts started before this one) of each script, and the count of takes so far. */
function takesByScript(deps: AppDeps, actor: Actor, attempt: AttemptRow, takes: Take[]) {
  const out = new Map<string, { lastFive: TLastFiveTake[]; myCount: number }>();
  const numbered = new Map<string, number>();
  for (const take of takes) {
    const order = (numbered.get(take.simScriptId) ?? 0) + 1;
    numbered.set(take.simScriptId, order);
    const entry = out.get(take.simScriptId) ?? { lastFive: [], myCount: 0 };
    out.set(take.simScriptId, entry);
    const mine = take.attemptId === attempt.id;
    const earlier = !mine && take.attemptStartedAt.getTime() < attempt.startedAt.getTime();
    if (mine || earlier) entry.myCount = order;
    if (earlier)
      entry.lastFive.unshift({
        user_response_id: take.attemptId,
        order,
        audio_url: recordingUrl(deps, actor, take.lineId),
        id: take.lineId,
        recorded_at: take.recordedAt?.toISOString() ?? null,
        grade_score: take.gradeScore,
      });
  }
  for (const entry of out.values()) entry.lastFive = entry.lastFive.slice(0, RESULT_LIMITS.lastFive);
  return out;
}

function characterOf(c: CharacterRow | null): TResultLine['character'] {
  return c ? { _id: c.id, type: c.type, masked_type: c.maskedType, name: c.name } : null;
}

/** The transcript lines, and the learner's lines keyed by sim_script_id. */
export function resultLines(deps: AppDeps, actor: Actor, input: LineInputs) {
  const takes = new Map(input.lines.map((l) => [l.simScriptId, l]));
  const history = takesByScript(deps, actor, input.attempt, input.takes);
  const scripts: TResultLine[] = [];
  const agentScripts: Record<string, TResultLine> = {};
  const shown = input.scripts.filter((s) => !(input.attempt.withoutCoach && s.character?.type === 'coach'));
  for (const [index, { script, character }] of shown.entries()) {
    const isAgent = character?.type === 'agent';
    const take = isAgent ? takes.get(script.id) : undefined;
    const earlier = history.get(script.id) ?? { lastFive: [], myCount: 0 };
    const common = {
      _id: script.id,
      index,
      is_agent: isAgent,
      order: script.sortOrder,
      character: characterOf(character),
      script: script.script,
      hint_text: script.hintText,
      keywords: script.keywords,
      has_keywords: script.keywords.length > 0,
      has_tests: script.tests.length > 0,
      myCount: isAgent ? earlier.myCount : 0,
      lastFive: isAgent ? earlier.lastFive : [],
      isLastFive: isAgent && earlier.lastFive.length > 0,
    };
    let line: TResultLine;
    if (!isAgent) {
      line = {
        ...common,
        id: null,
        audio_url: clipUrl(deps, script.audioKey),
        keywords_matched: [],
        missed_keywords: [],
        tests_matched: [],
        missed_tests: [],
        transcribed_text: '',
        status: 'Completed',
        grade_score: 0,
        passed: null,
        words: [],
        evidence: [],
      };
    } else if (take) {
      const graded = take.status === 'Completed';
      line = {
        ...common,
        id: take.id,
        audio_url: take.audioKey ? recordingUrl(deps, actor, take.id) : null,
        keywords_matched: graded ? take.correctKeywords : [],
        missed_keywords: graded ? take.missedKeywords : [],
        tests_matched: graded ? take.testsMatched : [],
        missed_tests: graded ? take.missedTests : [],
        transcribed_text: take.transcription,
        status: take.status as TResultLine['status'],
        grade_score: graded ? take.gradeScore : 0,
        passed: graded ? take.passed : null,
        words: take.words,
        evidence: graded ? lineEvidence(take, script) : [],
      };
    } else {
      // never recorded: nothing the learner said was heard (the figures count its entries as missed)
      const unheard = gradeLine({
        transcript: '',
        keywords: script.keywords,
        tests: script.tests,
        natural_lenguage: script.naturalLenguage,
        overalConfidence: script.overalConfidence,
      });
      line = {
        ...common,
        id: null,
        audio_url: null,
        keywords_matched: [],
        missed_keywords: unheard.missedKeywords,
        tests_matched: [],
        missed_tests: unheard.missed_tests,
        transcribed_text: '',
        status: 'Completed',
        grade_score: 0,
        passed: false,
        words: [],
        evidence: [],
      };
    }
    scripts.push(line);
    if (isAgent) agentScripts[script.id] = line;
  }
  return { scripts, agentScripts };
}
