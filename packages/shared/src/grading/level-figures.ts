/**
 * The accuracy figures of one attempt at a level (DECISIONS.md section 4, learner-and-review.md
 * "Accuracy figures"). A figure that does not apply is "N/A", never 0. A figure does not apply when:
 * - keyword accuracy: the level has order 0 or 1 (the learner only watches), its keyword score is
 *   switched off (`keyword_score: false`), or the learner's lines hold no keyword entries;
 * - typing / data-selection accuracy: the product is Voice Only, the sim auto-populates its fields
 *   (`auto_populate`), or there was nothing to type / select (total 0 or not given).
 * overall = the mean of the figures that apply; "N/A" when none applies. Means are taken of the exact
 * ratios and rounded to 2 decimals at the end.
 */
import { NOT_APPLICABLE } from './constants';
import { round2 } from './percent';

export type LevelFigure = number | typeof NOT_APPLICABLE;

/** What a learner's line contributes: the gradeLine result or a stored script line. */
export interface LineKeywordCounts {
  correctKeywords: readonly string[];
  missedKeywords: readonly string[];
}

export interface LevelFigureInputs {
  correct_entries?: number;
  total_entries?: number;
  correct_selections?: number;
  total_selections?: number;
  /** Level order; orders 0 and 1 have no keyword accuracy. */
  levelOrder?: number;
  /** The level's "keyword score" setting; false means no keyword accuracy. */
  keyword_score?: boolean;
  /** The product's type contains "Voice Only": no typing or data selection. */
  voiceOnly?: boolean;
  /** The sim fills its fields itself: typing and data selection are "N/A". */
  auto_populate?: boolean;
}

export interface LevelFigures {
  keyword_accuracy: LevelFigure;
  typing_accuracy: LevelFigure;
  data_selection_accuracy: LevelFigure;
  overall_accuracy: LevelFigure;
  /** Matched and total keyword entries over the lines (also when keyword accuracy is N/A). */
  keywords_matched: number;
  keywords_total: number;
}

/** Levels whose order is listed here are watched, not spoken. */
export const LEVEL_ORDERS_WITHOUT_KEYWORDS: readonly number[] = [0, 1];

function ratio(part: number | undefined, whole: number | undefined): number | null {
  if (whole === undefined || !Number.isFinite(whole) || whole <= 0) return null;
  const matched = part !== undefined && Number.isFinite(part) ? Math.min(Math.max(part, 0), whole) : 0;
  return (matched / whole) * 100;
}

export function levelFigures(lines: readonly LineKeywordCounts[], inputs: LevelFigureInputs = {}): LevelFigures {
  const keywords_matched = lines.reduce((sum, line) => sum + line.correctKeywords.length, 0);
  const keywords_total = lines.reduce((sum, line) => sum + line.correctKeywords.length + line.missedKeywords.length, 0);
  const keywordsApply =
    inputs.keyword_score !== false &&
    !(inputs.levelOrder !== undefined && LEVEL_ORDERS_WITHOUT_KEYWORDS.includes(inputs.levelOrder));
  const dataApply = inputs.voiceOnly !== true && inputs.auto_populate !== true;

  const keyword = keywordsApply ? ratio(keywords_matched, keywords_total) : null;
  const typing = dataApply ? ratio(inputs.correct_entries, inputs.total_entries) : null;
  const selection = dataApply ? ratio(inputs.correct_selections, inputs.total_selections) : null;
  const applying = [keyword, typing, selection].filter((f): f is number => f !== null);
  const overall = applying.length > 0 ? applying.reduce((a, b) => a + b, 0) / applying.length : null;

  const figure = (value: number | null): LevelFigure => (value === null ? NOT_APPLICABLE : round2(value));
  return {
    keyword_accuracy: figure(keyword),
    typing_accuracy: figure(typing),
    data_selection_accuracy: figure(selection),
    overall_accuracy: figure(overall),
    keywords_matched,
    keywords_total,
  };
}
