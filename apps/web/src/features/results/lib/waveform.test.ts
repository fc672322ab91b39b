import { describe, expect, it } from 'vitest';
import { peaksOf, placeWords, timeToX, wordAt, xToTime } from './waveform';

describe('the waveform of a recording', () => {
  it('takes the loudest sample of each slice over every channel', () => {
    const left = Float32Array.from([0, 0.5, -0.2, 0.1, 0, -0.9, 0.3, 0.2]);
    const right = Float32Array.from([0.7, 0, 0, 0, 0, 0, 0, 0]);
    expect([...peaksOf([left, right], 4)].map((p) => Number(p.toFixed(2)))).toEqual([0.7, 0.2, 0.9, 0.3]);
    expect(peaksOf([], 4)).toEqual(new Float32Array(4));
    expect(peaksOf([left], 0)).toHaveLength(0);
  });

  it('maps times to x and back, clamped', () => {
    expect(timeToX(2.5, 10, 400)).toBe(100);
    expect(timeToX(12, 10, 400)).toBe(400);
    expect(timeToX(1, 0, 400)).toBe(0);
    expect(xToTime(100, 400, 10)).toBe(2.5);
    expect(xToTime(-5, 400, 10)).toBe(0);
  });

  it('writes each word at its time, moving crowded labels down a row', () => {
    const words = [
      { word: 'schedule', start: 0, end: 0.5 },
      { word: 'your', start: 0.5, end: 0.7 },
      { word: 'appointment', start: 5, end: 6 },
    ];
    const placed = placeWords(words, 10, 500);
    expect(placed.map((p) => [p.left, p.row])).toEqual([
      [0, 0],
      [25, 1],
      [250, 0],
    ]);
    expect(placed[2]?.width).toBe(50);
  });

  it('finds the word being said at a time', () => {
    const words = [
      { word: 'a', start: 0.2, end: 0.4 },
      { word: 'b', start: 0.6, end: 1 },
    ];
    expect(wordAt(words, 0.3)).toBe(0);
    expect(wordAt(words, 0.5)).toBe(-1);
    expect(wordAt(words, 0.6)).toBe(1);
  });
});

describe('placeWords at the width the drawing is shown (issue 31: labels overlapped on a narrow screen)', () => {
  // six short words 0.15 s apart in a 2 s recording, drawn 600 wide (45 units apart)
  const words = ['I', 'can', 'book', 'your', 'visit', 'today'].map((word, i) => ({
    word,
    start: i * 0.15,
    end: i * 0.15 + 0.12,
  }));
  const overlaps = (placed: ReturnType<typeof placeWords>, charWidth: number) =>
    placed.some((a, i) =>
      placed.some(
        (b, j) =>
          j > i &&
          a.row === b.row &&
          b.left < a.left + Math.max(a.width, a.word.length * charWidth) &&
          a.left < b.left + Math.max(b.width, b.word.length * charWidth),
      ),
    );

  it('labels measured at the logical width overlap when the drawing is shown at 300 px', () => {
    // at 300 px a character takes 14 logical units, not 7
    expect(overlaps(placeWords(words, 2, 600, { rows: 2 }), 14)).toBe(true);
  });

  it('labels measured at the shown width do not overlap', () => {
    expect(overlaps(placeWords(words, 2, 600, { rows: 3, charWidth: 14 }), 14)).toBe(false);
  });
});
