import { describe, expect, it } from 'vitest';
import { gradeLine, type LevelFigureInputs, type LineKeywordCounts, levelFigures } from '../../src/grading';

const line = (correct: number, missed: number): LineKeywordCounts => ({
  correctKeywords: Array.from({ length: correct }, (_, i) => `c${i}`),
  missedKeywords: Array.from({ length: missed }, (_, i) => `m${i}`),
});

describe('levelFigures: keyword accuracy = all matched / all entries over the lines', () => {
  it.each([
    [[line(2, 1), line(1, 0)], 75],
    [[line(1, 2), line(0, 0), line(1, 0)], 50],
    [[line(1, 2)], 33.33],
    [[line(2, 1)], 66.67],
    [[line(0, 4)], 0],
    [[line(3, 0), line(0, 0)], 100],
  ])('%j → %d', (lines, expected) => {
    expect(levelFigures(lines).keyword_accuracy).toBe(expected);
  });

  it('weights lines by their entries, not line by line', () => {
    // line means would give (100 + 0) / 2 = 50; entries give 1 / 5 = 20
    expect(levelFigures([line(1, 0), line(0, 4)]).keyword_accuracy).toBe(20);
  });

  it('reports the counts', () => {
    expect(levelFigures([line(2, 1), line(1, 0)])).toMatchObject({ keywords_matched: 3, keywords_total: 4 });
  });

  it('takes gradeLine results directly', () => {
    const lines = [
      gradeLine({ transcript: 'thank you for calling', keywords: ['thank you', 'member id'] }),
      gradeLine({ transcript: 'your member id please', keywords: ['member id'] }),
    ];
    expect(levelFigures(lines).keyword_accuracy).toBe(66.67);
  });
});

describe('levelFigures: typing and data selection', () => {
  it.each([
    [{ correct_entries: 3, total_entries: 4 }, 75, 'N/A', 75],
    [{ correct_selections: 1, total_selections: 3 }, 'N/A', 33.33, 33.33],
    [{ correct_entries: 4, total_entries: 4, correct_selections: 1, total_selections: 2 }, 100, 50, 75],
    [{ correct_entries: 0, total_entries: 5 }, 0, 'N/A', 0],
    [{ correct_entries: 0, total_entries: 0, correct_selections: 0, total_selections: 0 }, 'N/A', 'N/A', 'N/A'],
    [{ total_entries: 2 }, 0, 'N/A', 0],
    [{ correct_entries: 9, total_entries: 3 }, 100, 'N/A', 100],
  ] as [LevelFigureInputs, number | 'N/A', number | 'N/A', number | 'N/A'][])(
    '%j → typing %s, selection %s, overall %s (no keyword lines)',
    (inputs, typing, selection, overall) => {
      const figures = levelFigures([], inputs);
      expect(figures.keyword_accuracy).toBe('N/A');
      expect(figures.typing_accuracy).toBe(typing);
      expect(figures.data_selection_accuracy).toBe(selection);
      expect(figures.overall_accuracy).toBe(overall);
    },
  );
});

describe('levelFigures: overall = mean of the figures that apply; N/A never counts as 0', () => {
  const data = { correct_entries: 1, total_entries: 2, correct_selections: 2, total_selections: 2 };

  it.each([
    ['all three apply', [line(3, 1)], data, { keyword: 75, typing: 50, selection: 100, overall: 75 }],
    ['keywords only', [line(3, 1)], {}, { keyword: 75, typing: 'N/A', selection: 'N/A', overall: 75 }],
    [
      'Voice Only product',
      [line(3, 1)],
      { ...data, voiceOnly: true },
      { keyword: 75, typing: 'N/A', selection: 'N/A', overall: 75 },
    ],
    [
      'auto_populate',
      [line(1, 1)],
      { ...data, auto_populate: true },
      { keyword: 50, typing: 'N/A', selection: 'N/A', overall: 50 },
    ],
    [
      'level order 0',
      [line(3, 1)],
      { ...data, levelOrder: 0 },
      { keyword: 'N/A', typing: 50, selection: 100, overall: 75 },
    ],
    [
      'level order 1',
      [line(3, 1)],
      { ...data, levelOrder: 1 },
      { keyword: 'N/A', typing: 50, selection: 100, overall: 75 },
    ],
    [
      'level order 2',
      [line(3, 1)],
      { ...data, levelOrder: 2 },
      { keyword: 75, typing: 50, selection: 100, overall: 75 },
    ],
    [
      'keyword score off',
      [line(3, 1)],
      { ...data, keyword_score: false },
      { keyword: 'N/A', typing: 50, selection: 100, overall: 75 },
    ],
    [
      'keyword score on',
      [line(0, 1)],
      { ...data, keyword_score: true },
      { keyword: 0, typing: 50, selection: 100, overall: 50 },
    ],
    ['nothing applies', [], { voiceOnly: true }, { keyword: 'N/A', typing: 'N/A', selection: 'N/A', overall: 'N/A' }],
    ['lines without keywords', [line(0, 0)], {}, { keyword: 'N/A', typing: 'N/A', selection: 'N/A', overall: 'N/A' }],
  ] as [string, LineKeywordCounts[], LevelFigureInputs, Record<string, number | 'N/A'>][])(
    '%s',
    (_, lines, inputs, expected) => {
      const figures = levelFigures(lines, inputs);
      expect({
        keyword: figures.keyword_accuracy,
        typing: figures.typing_accuracy,
        selection: figures.data_selection_accuracy,
        overall: figures.overall_accuracy,
      }).toEqual(expected);
    },
  );

  it('means the exact ratios and rounds at the end', () => {
    // 100 and 33.333…: mean 66.666… → 66.67 (rounding first would give (100 + 33.33) / 2 = 66.665 → 66.66)
    expect(levelFigures([line(1, 0)], { correct_entries: 1, total_entries: 3 }).overall_accuracy).toBe(66.67);
    expect(levelFigures([line(1, 6)], { correct_entries: 1, total_entries: 6 }).overall_accuracy).toBe(15.48);
  });
});
