import { describe, expect, it } from 'vitest';
import { isFactWord, isSoundAlike } from './stt-fact-words';

describe('isFactWord', () => {
  it('knows the numbers, ordinals, days and months a near miss swaps', () => {
    for (const w of ['zero', 'oh', 'fifteen', 'fifty', 'hundred', 'fifth', 'thirteenth', 'thirtieth', 'twentieth'])
      expect(isFactWord(w), w).toBe(true);
    for (const w of ['hundredth', 'tuesday', 'thursday', 'may', 'september']) expect(isFactWord(w), w).toBe(true);
  });

  it('takes no other word for a fact', () => {
    for (const w of ['plenty', 'thirsty', 'fifteens', 'patel', 'premium', 'the']) expect(isFactWord(w), w).toBe(false);
  });
});

describe('isSoundAlike', () => {
  it('is another word one sound away, never the same sound', () => {
    expect(isSoundAlike('patel', 'patton')).toBe(true);
    expect(isSoundAlike('premium', 'premier')).toBe(true);
    expect(isSoundAlike('reid', 'reed')).toBe(false);
    expect(isSoundAlike('patel', 'patel')).toBe(false);
  });
});
