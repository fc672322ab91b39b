import { describe, expect, it } from 'vitest';
import { isVoiceOnly, shownFigures, transcriptColumns } from './figures';
import { clockText, durationText, figureText, gradeText, resultDate } from './format';

const VALUES = { keyword_accuracy: 66.666, typing_accuracy: 50, data_selection_accuracy: null, overall_percentage: 58 };
const texts = (f: ReturnType<typeof shownFigures>) => Object.fromEntries(f.map((x) => [x.key, x.text]));

describe('the accuracy figures of a result', () => {
  it('shows the four figures, N/A where the server answers null', () => {
    const f = shownFigures(VALUES, { levelOrder: 2, voiceOnly: false, autoPopulate: false });
    expect(f.map((x) => x.label)).toEqual([
      'Keyword Accuracy',
      'Typing Accuracy',
      'Data Selection Accuracy',
      'Overall Data Accuracy',
    ]);
    expect(texts(f)).toEqual({ keyword: '66.67%', typing: '50%', dataSelection: 'N/A', overall: '58%' });
  });

  it.each([0, 1])('shows keyword accuracy N/A on a level of order %i', (levelOrder) => {
    expect(texts(shownFigures(VALUES, { levelOrder, voiceOnly: false, autoPopulate: false })).keyword).toBe('N/A');
  });

  // issue 31: on Voice Only the overall figure is the keyword accuracy again; with no case data it is hidden too
  it('hides typing, data selection and overall data accuracy for Voice Only products', () => {
    const f = shownFigures(VALUES, { levelOrder: 3, voiceOnly: true, autoPopulate: true });
    expect(f.map((x) => x.key)).toEqual(['keyword']);
  });

  it('shows typing and data selection N/A when the level auto-populates', () => {
    const f = texts(shownFigures(VALUES, { levelOrder: 3, voiceOnly: false, autoPopulate: true }));
    expect([f.typing, f.dataSelection, f.overall]).toEqual(['N/A', 'N/A', '58%']);
  });

  it('reads Voice Only in the product type and widens the transcript for it', () => {
    expect(isVoiceOnly('Voice Only')).toBe(true);
    expect(isVoiceOnly('Internal Data')).toBe(false);
    expect(isVoiceOnly(null)).toBe(false);
    expect(transcriptColumns(true)).toBe(9);
    expect(transcriptColumns(false)).toBe(5);
  });
});

describe('the times, dates and scores shown', () => {
  it('shows times in hours, minutes and seconds, 0m 0s when empty', () => {
    expect(durationText(null)).toBe('0m 0s');
    expect(durationText(undefined)).toBe('0m 0s');
    expect(durationText(0)).toBe('0m 0s');
    expect(durationText(59.6)).toBe('1m 0s');
    expect(durationText(65)).toBe('1m 5s');
    expect(durationText(3725)).toBe('1h 2m 5s');
  });

  it('shows dates MM-DD-YYYY', () => {
    expect(resultDate('2030-03-04T10:00:00.000Z')).toBe('03-04-2030');
    expect(resultDate(null)).toBe('');
    expect(resultDate('not a date')).toBe('');
  });

  it('shows a confidence with 2 decimals and %, a figure with at most 2', () => {
    expect(gradeText(66.666)).toBe('66.67%');
    expect(gradeText(0)).toBe('0.00%');
    expect(gradeText(undefined)).toBe('0.00%');
    expect(figureText(100)).toBe('100%');
    expect(figureText(null)).toBe('N/A');
    expect(clockText(65.4)).toBe('1:05');
  });
});
