import {
  evaluatePassCriteria,
  gradeLine,
  type LevelFigure,
  type LineKeywordCounts,
  levelFigures,
  NOT_APPLICABLE,
  type PassCriteria,
  type TAttemptFigures,
  type TAttemptInput,
} from '@sim/shared';
import type { AttemptRow, LevelRow, LineRow, ScriptRow, SimFacts } from './repository';

/**
 * The figures of an attempt, from the one grading module (packages/shared/src/grading): levelFigures over
 * the learner's lines and the saved case-panel values. Choices where the rules are silent:
 * - a completed attempt counts every agent line of the level: a line never recorded, or whose recording
 *   could not be decoded, counts its keyword entries as missed (nothing the learner said was heard);
 * - an exited attempt (Restart, Exit) counts only the lines graded so far ("what exists");
 * - a line still being graded counts only once it is graded (final-score is asked again meanwhile);
 * - typing and data-selection accuracy: the values whose target_value is not null, a value right when it
 *   equals its target after trimming, compared case-insensitively; N/A with nothing to type or select. The
 *   targets are the server's, from the sim's layouts (inputs.ts), never the client's.
 */

/** Whether an entered value equals its target: trimmed, case-insensitive. */
export function inputMatches(input: Pick<TAttemptInput, 'input_value' | 'target_value'>): boolean {
  if (input.target_value === null) return false;
  return input.input_value.trim().toLowerCase() === input.target_value.trim().toLowerCase();
}

/** The counts of typing entries and selections that have a target, and how many are right. */
export function countInputs(inputs: readonly TAttemptInput[]) {
  const scored = inputs.filter((i) => i.target_value !== null);
  const typing = scored.filter((i) => i.kind === 'typing');
  const selection = scored.filter((i) => i.kind === 'selection');
  return {
    correctEntries: typing.filter(inputMatches).length,
    totalEntries: typing.length,
    correctSelections: selection.filter(inputMatches).length,
    totalSelections: selection.length,
  };
}

const asFigure = (f: LevelFigure): number | null => (f === NOT_APPLICABLE ? null : f);
const asLevelFigure = (f: number | null): LevelFigure => (f === null ? NOT_APPLICABLE : f);

/** The keyword entries of a line never graded: every one missed. */
function unheard(script: ScriptRow): LineKeywordCounts {
  const none = gradeLine({ transcript: '', keywords: script.keywords });
  return { correctKeywords: [], missedKeywords: none.missedKeywords };
}

export interface FigureInputs {
  attempt: Pick<AttemptRow, 'status' | 'correctEntries' | 'totalEntries' | 'correctSelections' | 'totalSelections'>;
  /** the status the attempt has once this call is done */
  closing: 'started' | 'completed' | 'exited';
  level: Pick<LevelRow, 'sortOrder' | 'keywordScore' | 'autoPopulate'>;
  sim: Pick<SimFacts, 'autoPopulate' | 'productType'>;
  agentScripts: readonly ScriptRow[];
  lines: readonly LineRow[];
}

export function attemptFigures(input: FigureInputs): TAttemptFigures {
  const byScript = new Map(input.lines.map((l) => [l.simScriptId, l]));
  const counted: LineKeywordCounts[] = [];
  for (const script of input.agentScripts) {
    const line = byScript.get(script.id);
    if (line?.status === 'Completed') counted.push(line);
    else if (input.closing === 'completed' && !(line?.status === 'Pending' && line.audioKey))
      counted.push(unheard(script));
  }
  const a = input.attempt;
  const figures = levelFigures(counted, {
    correct_entries: a.correctEntries,
    total_entries: a.totalEntries,
    correct_selections: a.correctSelections,
    total_selections: a.totalSelections,
    levelOrder: input.level.sortOrder,
    keyword_score: input.level.keywordScore,
    voiceOnly: /voice only/i.test(input.sim.productType),
    auto_populate: input.sim.autoPopulate || input.level.autoPopulate,
  });
  return {
    keyword_accuracy: asFigure(figures.keyword_accuracy),
    typing_accuracy: asFigure(figures.typing_accuracy),
    data_selection_accuracy: asFigure(figures.data_selection_accuracy),
    overall_percentage: asFigure(figures.overall_accuracy),
    correct_entries: a.correctEntries,
    total_entries: a.totalEntries,
    correct_selections: a.correctSelections,
    total_selections: a.totalSelections,
  };
}

/** The stored figures of an attempt as the API answers them. */
export function storedFigures(a: AttemptRow): TAttemptFigures {
  return {
    keyword_accuracy: a.keywordAccuracy,
    typing_accuracy: a.typingAccuracy,
    data_selection_accuracy: a.dataSelectionAccuracy,
    overall_percentage: a.overallPercentage,
    correct_entries: a.correctEntries,
    total_entries: a.totalEntries,
    correct_selections: a.correctSelections,
    total_selections: a.totalSelections,
  };
}

/** The columns of the figures. */
export function figureColumns(f: TAttemptFigures) {
  return {
    keywordAccuracy: f.keyword_accuracy,
    typingAccuracy: f.typing_accuracy,
    dataSelectionAccuracy: f.data_selection_accuracy,
    overallPercentage: f.overall_percentage,
  };
}

/** Pass/fail of an attempt by the level's criteria (shared pass-criteria). */
export function passedByCriteria(f: TAttemptFigures, criteria: PassCriteria): boolean {
  return evaluatePassCriteria(
    {
      keyword_accuracy: asLevelFigure(f.keyword_accuracy),
      typing_accuracy: asLevelFigure(f.typing_accuracy),
      data_selection_accuracy: asLevelFigure(f.data_selection_accuracy),
      overall_accuracy: asLevelFigure(f.overall_percentage),
    },
    criteria,
  ).passed;
}
