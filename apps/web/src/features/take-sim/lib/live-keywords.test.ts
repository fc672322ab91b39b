import { describe, expect, it } from 'vitest';
import { keywordsSaid, keywordsToTick, withTicks } from './live-keywords';

const line = (keywords: string[], tests: { name: string; keywords: string[] }[] = []) => ({
  keywords,
  tests: tests.map((t) => ({ ...t, isFlexible: true, confidence: 60 })),
  natural_lenguage: tests.length > 0,
  overalConfidence: 60,
});

describe('the live keyword ticks', () => {
  it('ticks a keyword by the shared grading rules (case, punctuation, number words, alternatives, parts)', () => {
    const step = line(['Thank you for calling', 'four days', 'schedule | book', 'card & number']);
    expect(keywordsSaid('', step)).toEqual([]);
    expect(keywordsSaid('thank you for calling', step)).toEqual(['Thank you for calling']);
    expect(keywordsSaid('THANK YOU, for calling! in 4 days', step)).toEqual(['Thank you for calling', 'four days']);
    expect(keywordsSaid('i can book it', step)).toEqual(['schedule | book']);
    expect(keywordsSaid('your card please', step)).toEqual([]);
    expect(keywordsSaid('the number on your card', step)).toEqual(['card & number']);
  });

  it('does not tick a keyword the learner did not say', () => {
    expect(keywordsSaid('hello how are you', line(['appointment', 'Monday']))).toEqual([]);
  });

  it('lists the line keywords once, or the tests’ keywords for a line graded by tests only', () => {
    expect(keywordsToTick(line(['refund', 'Refund!', 'credit']))).toEqual(['refund', 'credit']);
    expect(
      keywordsToTick(
        line(
          [],
          [
            { name: 'a', keywords: ['greet', 'name'] },
            { name: 'b', keywords: ['name', 'book'] },
          ],
        ),
      ),
    ).toEqual(['greet', 'name', 'book']);
    const tests = line([], [{ name: 'a', keywords: ['greet'] }]);
    expect(keywordsSaid('i greet you', tests)).toEqual(['greet']);
  });

  it('keeps a tick once given, while the recogniser revises its partial', () => {
    const first = withTicks(new Set(), ['a']);
    expect([...first]).toEqual(['a']);
    const same = withTicks(first, ['a']);
    expect(same).toBe(first);
    expect([...withTicks(first, ['b'])]).toEqual(['a', 'b']);
  });
});
