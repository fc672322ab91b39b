import { LEVEL_ORDERS_WITHOUT_KEYWORDS, TAKE_SIM_TEXTS } from '@sim/shared';
import { figureText, NOT_APPLICABLE } from './format';

/** The figures of a result as the server answers them (null: does not apply). */
export interface FigureValues {
  keyword_accuracy: number | null;
  typing_accuracy: number | null;
  data_selection_accuracy: number | null;
  overall_percentage: number | null;
}

export interface FigureContext {
  /** the level's order (0 to 5) */
  levelOrder: number;
  /** the product type contains Voice Only */
  voiceOnly: boolean;
  /** the level fills the case fields by itself */
  autoPopulate: boolean;
}

export type FigureKey = 'keyword' | 'typing' | 'dataSelection' | 'overall';

export interface ShownFigure {
  key: FigureKey;
  label: string;
  text: string;
}

/**
 * The accuracy figures of the result view (learner-and-review.md section 2): keyword accuracy is "N/A" for
 * levels of order 0 and 1; typing and data-selection accuracy are hidden for Voice Only products and "N/A"
 * when the level auto-populates the case; every figure the server answers null for is "N/A". Overall data
 * accuracy is hidden for Voice Only too (issue 31: with no case data it only repeated keyword accuracy).
 */
export function shownFigures(values: FigureValues, context: FigureContext): ShownFigure[] {
  const L = TAKE_SIM_TEXTS.figures;
  const noKeywords = LEVEL_ORDERS_WITHOUT_KEYWORDS.includes(context.levelOrder);
  const figures: ShownFigure[] = [
    { key: 'keyword', label: L.keyword, text: noKeywords ? NOT_APPLICABLE : figureText(values.keyword_accuracy) },
  ];
  if (!context.voiceOnly) {
    const typed = (value: number | null) => (context.autoPopulate ? NOT_APPLICABLE : figureText(value));
    figures.push(
      { key: 'typing', label: L.typing, text: typed(values.typing_accuracy) },
      { key: 'dataSelection', label: L.dataSelection, text: typed(values.data_selection_accuracy) },
    );
  }
  // Voice Only has no case data: its overall figure would be the keyword accuracy again (issue 31)
  if (!context.voiceOnly)
    figures.push({ key: 'overall', label: L.overall, text: figureText(values.overall_percentage) });
  return figures;
}

/** A product type of Voice Only (no case panel, no typing or data figures, the wide transcript). */
export const isVoiceOnly = (productType: string | null | undefined) =>
  (productType ?? '').toLowerCase().includes('voice only');

/** The transcript's width in 12 columns: 9 for Voice Only (no side widget), else 5 (section 2). */
export const transcriptColumns = (voiceOnly: boolean) => (voiceOnly ? 9 : 5);
