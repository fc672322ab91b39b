import { describe, expect, it } from 'vitest';
import { normalise, numberToWords, numberWordsToDigits, ordinalSuffix } from '../../src/grading';

describe('numberToWords (digits → words)', () => {
  it.each([
    [0, 'zero'],
    [4, 'four'],
    [13, 'thirteen'],
    [21, 'twenty one'],
    [40, 'forty'],
    [100, 'one hundred'],
    [105, 'one hundred five'],
    [999, 'nine hundred ninety nine'],
    [1000, 'one thousand'],
    [2024, 'two thousand twenty four'],
    [1000001, 'one million one'],
    [3500000000, 'three billion five hundred million'],
  ])('%i → %j', (n, words) => {
    expect(numberToWords(n)).toBe(words);
  });

  it('refuses what it cannot spell', () => {
    expect(() => numberToWords(-1)).toThrow(RangeError);
    expect(() => numberToWords(1.5)).toThrow(RangeError);
    expect(() => numberToWords(1e12)).toThrow(RangeError);
  });
});

describe('words → digits round trip', () => {
  it('reads back every number from 0 to 2100 and a sample of larger ones', () => {
    const numbers = [...Array.from({ length: 2101 }, (_, i) => i), 10000, 45678, 99999, 123456, 7000007, 987654321];
    const wrong = numbers.filter((n) => normalise(numberToWords(n)) !== String(n));
    expect(wrong).toEqual([]);
  });

  it('reads digit by digit after a hundred when more single digits follow', () => {
    expect(normalise('one eight hundred five five five zero one nine nine')).toBe('1 800 5 5 5 0 1 9 9');
    expect(normalise('eight hundred five five')).toBe('800 5 5');
    expect(normalise('one hundred and five five')).toBe('100 and 5 5');
    expect(normalise('two hundred five dollars')).toBe('205 dollars');
    expect(normalise('one hundred five')).toBe('105');
  });

  it('reads the British "and" as well', () => {
    expect(normalise('three hundred and forty two')).toBe('342');
    expect(normalise('one thousand and one')).toBe('1001');
  });
});

describe('numberWordsToDigits on tokens', () => {
  it.each([
    [['twenty', 'one'], ['21']],
    [
      ['twenty', 'fifteen'],
      ['20', '15'],
    ],
    [
      ['a', 'thousand', 'thanks'],
      ['1000', 'thanks'],
    ],
    [
      ['a', 'card'],
      ['a', 'card'],
    ],
    [
      ['and', 'four'],
      ['and', '4'],
    ],
    [
      ['one', 'hundred', 'and'],
      ['100', 'and'],
    ],
    [
      ['hundred', 'and', 'one', 'reasons'],
      ['101', 'reasons'],
    ],
    [['thirty', 'third'], ['33rd']],
    [['one', 'hundredth'], ['100th']],
    [['eleventh'], ['11th']],
    [
      ['2nd', '3'],
      ['2nd', '3'],
    ],
    [
      ['the', '1st', 'one'],
      ['the', '1st', '1'],
    ],
    [
      ['5', 'oh', '5'],
      ['5', '0', '5'],
    ],
    [
      ['5', 'o', 'o', '7'],
      ['5', '0', '0', '7'],
    ],
    [
      ['5', 'oh'],
      ['5', 'oh'],
    ],
  ])('%j → %j', (tokens, expected) => {
    expect(numberWordsToDigits(tokens)).toEqual(expected);
  });
});

describe('ordinalSuffix', () => {
  it.each([
    [1, 'st'],
    [2, 'nd'],
    [3, 'rd'],
    [4, 'th'],
    [11, 'th'],
    [12, 'th'],
    [13, 'th'],
    [21, 'st'],
    [22, 'nd'],
    [101, 'st'],
    [111, 'th'],
  ])('%i → %s', (n, suffix) => {
    expect(ordinalSuffix(n)).toBe(suffix);
  });
});
