/**
 * Pass/fail criteria of a level (DECISIONS.md section 4, authoring.md "Set Pass Criteria"): the level's
 * figures are compared with the thresholds that are not disabled; the level passes when all are met
 * (figure >= threshold). Choices where the rules are silent:
 * - An empty threshold (undefined, null, '' or not a number) is unset and is not checked.
 * - A threshold whose figure is "N/A" is not checked (the learner had nothing to do there); it is
 *   reported as 'not_applicable'.
 * - With nothing left to check the level passes.
 */
import type { LevelFigure, LevelFigures } from './level-figures';

export const PASS_CRITERIA = [
  'keyword_accuracy',
  'typing_accuracy',
  'data_selection_accuracy',
  'overall_accuracy',
] as const;
export type PassCriterion = (typeof PASS_CRITERIA)[number];

type ThresholdValue = number | string | null | undefined;

export interface PassCriteria {
  threshold_keyword_accuracy?: ThresholdValue;
  threshold_typing_accuracy?: ThresholdValue;
  threshold_data_selection_accuracy?: ThresholdValue;
  threshold_overall_accuracy?: ThresholdValue;
  disable_threshold_keyword_accuracy?: boolean | null;
  disable_threshold_typing_accuracy?: boolean | null;
  disable_threshold_data_selection_accuracy?: boolean | null;
  disable_threshold_overall_accuracy?: boolean | null;
}

export type PassCriterionStatus = 'met' | 'not_met' | 'disabled' | 'unset' | 'not_applicable';

export interface PassCriterionResult {
  criterion: PassCriterion;
  threshold: number | null;
  figure: LevelFigure;
  status: PassCriterionStatus;
}

export interface PassCriteriaResult {
  passed: boolean;
  details: PassCriterionResult[];
}

function thresholdOf(value: ThresholdValue): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function evaluatePassCriteria(
  figures: Pick<LevelFigures, PassCriterion>,
  criteria: PassCriteria,
): PassCriteriaResult {
  const details = PASS_CRITERIA.map((criterion): PassCriterionResult => {
    const figure = figures[criterion];
    const threshold = thresholdOf(criteria[`threshold_${criterion}`]);
    let status: PassCriterionStatus;
    if (criteria[`disable_threshold_${criterion}`] === true) status = 'disabled';
    else if (threshold === null) status = 'unset';
    else if (typeof figure !== 'number') status = 'not_applicable';
    else status = figure >= threshold ? 'met' : 'not_met';
    return { criterion, threshold, figure, status };
  });
  return { passed: details.every((d) => d.status !== 'not_met'), details };
}
