import { describe, expect, it } from 'vitest';
import { alignWords, combineTranscripts, LINE_GATE, lineHeard } from './stt-combine';

const w = (word: string, start: number, end: number, confidence = 0.9) => ({ word, start, end, confidence });

describe('combineTranscripts', () => {
  it("takes the neural text, pocketsphinx's timings where the words line up, and its spotted keywords", () => {
    const biased = {
      text: 'i can see a late payment charge of will dollars',
      words: [
        w('i', 0.1, 0.2),
        w('can', 0.2, 0.4),
        w('see', 0.4, 0.6),
        w('a', 0.6, 0.7),
        w('late', 0.7, 1.0),
        w('payment', 1.0, 1.5),
        w('charge', 1.5, 1.9),
        w('of', 1.9, 2.0),
        w('will', 2.0, 2.3),
        w('dollars', 2.3, 2.8),
      ],
      spotted: ['late payment charge'],
    };
    const out = combineTranscripts(biased, 'i can see a late payment charge of twelve dollars');
    expect(out.text).toBe('i can see a late payment charge of twelve dollars');
    expect(out.spotted).toEqual(['late payment charge']);
    expect(out.words.map((x) => x.word)).toEqual(out.text.split(' '));
    // "twelve" stands where pocketsphinx heard "will": its times, a lower confidence
    expect(out.words[8]).toEqual({ word: 'twelve', start: 2.0, end: 2.3, confidence: 0.5 });
    expect(out.words[9]).toEqual(w('dollars', 2.3, 2.8));
  });

  it('leaves spotted out when pocketsphinx found none, and gives an empty neural text no words', () => {
    const out = combineTranscripts({ text: 'hello', words: [w('hello', 0, 0.5)] }, '');
    expect(out).toEqual({ text: '', words: [] });
  });
});

describe('alignWords', () => {
  it('places words without a partner between their neighbours, in order', () => {
    const out = alignWords(['please', 'do', 'not', 'eat'], [w('please', 0, 0.5), w('eat', 1.5, 2.0)]);
    expect(out.map((x) => x.word)).toEqual(['please', 'do', 'not', 'eat']);
    expect(out[0]).toMatchObject({ start: 0, end: 0.5 });
    expect(out[3]).toMatchObject({ start: 1.5, end: 2.0 });
    // "do" and "not" share the gap 0.5-1.5
    expect(out[1].start).toBeCloseTo(0.5);
    expect(out[1].end).toBeCloseTo(1.0);
    expect(out[2].start).toBeCloseTo(1.0);
    expect(out[2].end).toBeCloseTo(1.5);
    for (let i = 1; i < out.length; i++) expect(out[i].start).toBeGreaterThanOrEqual(out[i - 1].start);
  });

  it('gives every word a zero time when pocketsphinx heard nothing', () => {
    expect(alignWords(['yes'], [])).toEqual([{ word: 'yes', start: 0, end: 0, confidence: 0.5 }]);
  });
});

describe('the line gate on the biased 1-best', () => {
  const phrases = [
    { spoken: 'late payment charge', normalised: 'late payment charge' },
    { spoken: 'twelve dollars', normalised: '12 dollars' },
  ];
  const line = 'I can see a late payment charge of twelve dollars on your last statement.';
  const biased = (text: string) => ({
    text,
    words: text.split(' ').map((word, i) => ({ word, start: i / 4, end: (i + 1) / 4, confidence: 0.9 })),
  });

  it("counts the biased decoder's keywords when the neural recogniser heard enough of the line", () => {
    const heard = 'i can see a late payment to charter ducks well powered manual';
    expect(lineHeard(line, heard)).toBeGreaterThanOrEqual(LINE_GATE);
    const out = combineTranscripts(
      biased('i can see a late payment charge of twelve dollars on your last statement'),
      heard,
      {
        expected: line,
        phrases,
      },
    );
    expect(out.text).toBe(heard);
    expect(out.spotted?.sort()).toEqual(['12 dollars', 'late payment charge']);
  });

  it('does not count them for a wrong answer or background talk, where it heard little of the line', () => {
    const heard = 'there is a small fee to set up each new phone';
    expect(lineHeard(line, heard)).toBeLessThan(LINE_GATE);
    const out = combineTranscripts(biased('there is a late payment charge to set up each new phone'), heard, {
      expected: line,
      phrases,
    });
    expect(out.spotted).toBeUndefined();
    // nor without the expected line
    expect(
      combineTranscripts(biased('late payment charge'), 'i can see a late payment', { phrases }).spotted,
    ).toBeUndefined();
  });
});

describe("the neural recogniser's boosted decode", () => {
  const phrases = [
    { spoken: 'date of birth', normalised: 'date of birth' },
    { spoken: 'postcode', normalised: 'postcode' },
  ];
  const line = 'Please confirm your date of birth and your postcode.';
  const biased = { text: 'please confirm your date on board and your post', words: [] };

  it('adds the keyword phrases the boosted decode wrote, when the plain text heard enough of the line', () => {
    const heard = 'please confirm your date on board and your post';
    const out = combineTranscripts(biased, heard, {
      expected: line,
      phrases,
      boosted: 'please confirm your date of birth and your post',
    });
    // the transcript stays the plain text; the keyword is evidence only
    expect(out.text).toBe(heard);
    expect(out.spotted).toEqual(['date of birth']);
    expect(combineTranscripts(biased, heard, { expected: line, phrases }).spotted).toBeUndefined();
  });

  it('adds nothing for a wrong answer, whatever the boosted decode wrote', () => {
    const out = combineTranscripts(biased, 'we will send you a new card in the post', {
      expected: line,
      phrases,
      boosted: 'we will send you a new card by date of birth postcode',
    });
    expect(out.spotted).toBeUndefined();
  });
});
