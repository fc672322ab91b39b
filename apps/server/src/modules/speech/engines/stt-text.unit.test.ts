import { describe, expect, it } from 'vitest';
import { numberWords, ordinalWords, spokenForm } from './stt-text';

const said = (text: string) => spokenForm(text).words.join(' ');

describe('spokenForm', () => {
  it.each([
    ['Hello, World!', 'hello world'],
    ["I'm sorry — it's Dr. Patel's office", "i'm sorry it's doctor patel's office"],
    ['Your copay is $40.', 'your copay is forty dollars'],
    ['$1,250.50 due', 'one thousand two hundred fifty dollars and fifty cents due'],
    ['at 3:30 or 10:00', "at three thirty or ten o'clock"],
    ['at 9:05am', 'at nine oh five a m'],
    ['March 3rd, the 21st', 'march third the twenty first'],
    ['covered at 100%', 'covered at one hundred percent'],
    ['follow-up & e-mail', 'follow up and e mail'],
    ['within 24 hours', 'within twenty four hours'],
    ['in 1998', 'in nineteen ninety eight'],
    ['call 0123', 'call zero one two three'],
    ['1.5 mg', 'one point five mg'],
  ])('%s → %s', (text, expected) => {
    expect(said(text)).toBe(expected);
  });

  it('gives other readings of numbers as alternatives', () => {
    expect(spokenForm('in 1998').alternatives).toContainEqual('one thousand nine hundred ninety eight'.split(' '));
    expect(spokenForm('$12.50').alternatives).toContainEqual(['twelve', 'fifty']);
  });
});

describe('number words', () => {
  it.each([
    [0, 'zero'],
    [13, 'thirteen'],
    [40, 'forty'],
    [105, 'one hundred five'],
    [3000, 'three thousand'],
    [1_000_021, 'one million twenty one'],
  ])('%d → %s', (n, words) => {
    expect(numberWords(n).join(' ')).toBe(words);
  });

  it('makes ordinals', () => {
    expect(ordinalWords(1).join(' ')).toBe('first');
    expect(ordinalWords(22).join(' ')).toBe('twenty second');
    expect(ordinalWords(30).join(' ')).toBe('thirtieth');
    expect(ordinalWords(12).join(' ')).toBe('twelfth');
  });
});
