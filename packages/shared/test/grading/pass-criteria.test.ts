import { describe, expect, it } from 'vitest';
import { evaluatePassCriteria, type LevelFigures, type PassCriteria } from '../../src/grading';

type Figures = Pick<
  LevelFigures,
  'keyword_accuracy' | 'typing_accuracy' | 'data_selection_accuracy' | 'overall_accuracy'
>;

const FIGURES: Figures = {
  keyword_accuracy: 80,
  typing_accuracy: 60,
  data_selection_accuracy: 'N/A',
  overall_accuracy: 70,
};

describe('evaluatePassCriteria', () => {
  it.each([
    [
      'all thresholds met',
      { threshold_keyword_accuracy: 80, threshold_typing_accuracy: 60, threshold_overall_accuracy: 70 },
      true,
    ],
    ['one threshold missed', { threshold_keyword_accuracy: 81, threshold_typing_accuracy: 60 }, false],
    ['met exactly (>=)', { threshold_keyword_accuracy: 80 }, true],
    ['missed by a hundredth', { threshold_overall_accuracy: 70.01 }, false],
    ['missed but disabled', { threshold_keyword_accuracy: 90, disable_threshold_keyword_accuracy: true }, true],
    [
      'disabled one ignored, enabled one still checked',
      { threshold_keyword_accuracy: 90, disable_threshold_keyword_accuracy: true, threshold_typing_accuracy: 61 },
      false,
    ],
    [
      'disable flag false still checks',
      { threshold_typing_accuracy: 61, disable_threshold_typing_accuracy: false },
      false,
    ],
    ['unset thresholds', {}, true],
    ['empty string is unset', { threshold_keyword_accuracy: '' }, true],
    ['null is unset', { threshold_keyword_accuracy: null }, true],
    ['numeric string', { threshold_keyword_accuracy: '85' }, false],
    ['non-numeric string is unset', { threshold_keyword_accuracy: 'abc' }, true],
    ['threshold on an N/A figure is ignored', { threshold_data_selection_accuracy: 90 }, true],
    ['threshold 0 on a 0 figure', { threshold_typing_accuracy: 0 }, true],
  ] as [string, PassCriteria, boolean][])('%s → passed %s', (_, criteria, passed) => {
    expect(evaluatePassCriteria(FIGURES, criteria).passed).toBe(passed);
  });

  it('reports every criterion with its status', () => {
    expect(
      evaluatePassCriteria(FIGURES, {
        threshold_keyword_accuracy: 90,
        threshold_typing_accuracy: 50,
        disable_threshold_typing_accuracy: true,
        threshold_data_selection_accuracy: 50,
      }),
    ).toEqual({
      passed: false,
      details: [
        { criterion: 'keyword_accuracy', threshold: 90, figure: 80, status: 'not_met' },
        { criterion: 'typing_accuracy', threshold: 50, figure: 60, status: 'disabled' },
        { criterion: 'data_selection_accuracy', threshold: 50, figure: 'N/A', status: 'not_applicable' },
        { criterion: 'overall_accuracy', threshold: null, figure: 70, status: 'unset' },
      ],
    });
  });

  it('passes when every figure meets its threshold', () => {
    const result = evaluatePassCriteria(
      { keyword_accuracy: 100, typing_accuracy: 100, data_selection_accuracy: 100, overall_accuracy: 100 },
      {
        threshold_keyword_accuracy: 100,
        threshold_typing_accuracy: 100,
        threshold_data_selection_accuracy: 100,
        threshold_overall_accuracy: 100,
      },
    );
    expect(result.passed).toBe(true);
    expect(result.details.map((d) => d.status)).toEqual(['met', 'met', 'met', 'met']);
  });
});
