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
