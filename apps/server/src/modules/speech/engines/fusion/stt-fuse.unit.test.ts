import { gradeLine } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { alignSequences, heardAt } from './stt-align';
import { contradicted, DEFAULT_FUSION, fuse, type Hypotheses, properWords } from './stt-fuse';
import { compileLine } from './stt-line-target';

const LINE = 'Doctor Patel can see you on Thursday at fifteen minutes past three.';
const KEYWORDS = ['Doctor Patel', 'Thursday', 'fifteen minutes past three'];
const target = compileLine({ expected: LINE, keywords: KEYWORDS });

/** pocketsphinx's biased 1-best as timed words (a word every 0.25 s) */
function biased(text: string, searched: string[] = []): Hypotheses['biased'] {
  const words = text.split(' ').map((word, i) => ({ word, start: i / 4, end: (i + 1) / 4, confidence: 0.8 }));
  return { text, words, searched: searched.map((normalised) => ({ normalised, confidence: 0.6 })) };
}

const grade = (t: { text: string; spotted?: string[] }) =>
  gradeLine({ transcript: t.text, keywords: KEYWORDS, spotted: t.spotted });

describe('fuse: the 1-best under a fair model overrules its own lattice search (issue 30)', () => {
  // the line's model weighs "tuesday" and the other days as "thursday" (stt-confusables.ts)
  const fair = {
    ...target,
    model: {
      lm: '',
      dict: '',
      expectedWords: new Set<string>(),
      phrases: target.phrases,
      competitors: ['tuesday', 'monday'].map((day) => ({
        words: ['on', day, 'at'],
        at: 1,
        original: 'thursday',
        weight: 1,
      })),
    },
  };
  const neural = { text: 'doctor patel can see you on a day at fifteen minutes past three' };

  it('drops the search credit where the 1-best wrote a confusable alternative at the keyword’s place', () => {
    const heard = {
      biased: biased('doctor patel can see you on tuesday at fifteen minutes past three', ['thursday']),
      neural,
    };
    expect(grade(fuse(fair, heard)).missedKeywords).toEqual(['Thursday']);
    // without the rule (or without competitors) the lattice's credit stands
    expect(grade(fuse(fair, heard, { ...DEFAULT_FUSION, oneBestRules: 'off' })).missedKeywords).toEqual([]);
    expect(grade(fuse(target, heard)).missedKeywords).toEqual([]);
  });

  it('drops the boosted decode’s credit where the plain neural text wrote a competitor at the place', () => {
    const line = 'doctor patel can see you on thursday at fifteen minutes past three';
    const heard = {
      biased: biased('doctor patel can see you on monday at fifteen minutes past three'),
      neural: { text: 'doctor patel can see you on tuesday at fifteen minutes past three', boosted: line },
    };
    expect(grade(fuse(fair, heard)).missedKeywords).toEqual(['Thursday']);
    expect(grade(fuse(fair, heard, { ...DEFAULT_FUSION, oneBestRules: 'off', veto: 'off' })).missedKeywords).toEqual(
      [],
    );
  });

  it('keeps it where the 1-best wrote the keyword or a word that is no competitor', () => {
    for (const text of [
      'doctor patel can see you on thursday at fifteen minutes past three',
      'doctor patel can see you on thirsty at fifteen minutes past three',
    ]) {
      expect(grade(fuse(fair, { biased: biased(text, ['thursday']), neural })).missedKeywords).toEqual([]);
    }
  });
});

describe('fuse: no credit for a fact not said (issue 30)', () => {
  const said = 'doctor patel can see you on tuesday at fifteen minutes past three';

  it("does not credit pocketsphinx's keyword where the neural text heard another word in its place", () => {
    const out = fuse(target, {
      // the decoder biased toward the line writes the keyword; its lattice search finds it too
      biased: biased('doctor patel can see you on thursday at fifteen minutes past three', ['thursday']),
      neural: { text: said, boosted: said },
    });
    expect(grade(out).missedKeywords).toEqual(['Thursday']);
    expect(out.evidence?.map((e) => e.phrase)).not.toContain('thursday');
  });

  it('another fact heard there is not rescued by the boosted decode by default; with boostedRescues always it is', () => {
    const heard = {
      biased: biased('doctor patel can see you on thursday at fifteen minutes past three', ['thursday']),
      neural: { text: said, boosted: 'doctor patel can see you on thursday at fifteen minutes past three' },
    };
    expect(grade(fuse(target, heard)).missedKeywords).toEqual(['Thursday']);
    const out = fuse(target, heard, { ...DEFAULT_FUSION, boostedRescues: 'always' });
    expect(grade(out).missedKeywords).toEqual([]);
    const thursday = out.evidence?.find((e) => e.phrase === 'thursday');
    expect(thursday?.sources).toEqual(['neural-boosted']);
    // its span is the biased decode's word "thursday": the 7th word, 1.5-1.75 s
    expect(thursday).toMatchObject({ start: 1.5, end: 1.75 });
  });

  it("keeps pocketsphinx's credit where the neural text did not hear the place (a gap), and says by which engine", () => {
    const out = fuse(target, {
      biased: biased('doctor patel can see you on thursday at fifteen minutes past three', ['thursday']),
      neural: { text: 'doctor patel can see you on at fifteen minutes past three' },
    });
    expect(grade(out).missedKeywords).toEqual([]);
    const thursday = out.evidence?.find((e) => e.phrase === 'thursday');
    expect(thursday?.sources.sort()).toEqual(['biased-decode', 'keyword-search']);
    expect(thursday?.confidence).toBe(0.8);
  });

  it('keeps it where the neural text heard too little of the line to overrule', () => {
    const out = fuse(target, {
      biased: biased('doctor patel can see you on thursday at fifteen minutes past three', ['thursday']),
      neural: { text: 'on tuesday' },
    });
    expect(out.spotted).toContain('thursday');
  });

  it('another fact heard at the place (a day for a day) is not rescued by the boosted decode under unless-fact', () => {
    const heard = { text: said, boosted: 'doctor patel can see you on thursday at fifteen minutes past three' };
    const b = biased('doctor patel can see you on thursday at fifteen minutes past three', ['thursday']);
    const settings = { ...DEFAULT_FUSION, boostedRescues: 'unless-fact' as const };
    expect(grade(fuse(target, { biased: b, neural: heard }, settings)).missedKeywords).toEqual(['Thursday']);
    // a word that is no fact (a slip of the same name) may still be rescued
    const slip = { text: 'doctor patel can see you on thirsty at fifteen minutes past three', boosted: heard.boosted };
    expect(grade(fuse(target, { biased: b, neural: slip }, settings)).missedKeywords).toEqual([]);
  });

  it('a digit string with one digit changed is not credited', () => {
    const t = compileLine({ expected: 'Your reference is six one three eight.', keywords: ['six one three eight'] });
    const out = fuse(t, {
      biased: biased('your reference is six one three eight', ['6138']),
      neural: { text: 'your reference is six nine three eight' },
    });
    expect(gradeLine({ transcript: out.text, keywords: ['six one three eight'], spotted: out.spotted }).passed).toBe(
      false,
    );
  });

  it('marks every phrase of the transcript as heard by it, with its words and times', () => {
    const out = fuse(target, { biased: biased(said), neural: { text: said } });
    const patel = out.evidence?.find((e) => e.phrase === 'doctor patel');
    expect(patel).toMatchObject({ sources: ['biased-decode', 'transcript'], start: 0, end: 0.5 });
    expect(out.spotted).toBeUndefined();
  });

  it('without the neural recogniser, the biased text is the transcript and nothing can overrule it', () => {
    const out = fuse(target, { biased: biased('doctor patel can see you on thursday at ten', ['thursday']) });
    expect(out.text).toBe('doctor patel can see you on thursday at ten');
    expect(grade(out).correctKeywords).toEqual(['Doctor Patel', 'Thursday']);
  });
});

describe('contradicted', () => {
  it('an alternative of an entry takes the place of its sibling in the line', () => {
    const t = compileLine({ expected: 'There is a late payment charge.', keywords: ['late payment charge|late fee'] });
    expect(t.places.get('late fee')).toEqual([3, 6]);
    expect([...contradicted(t, 'there is a late delivery charge', 0.5).keys()]).toEqual([
      'late payment charge',
      'late fee',
    ]);
    expect(contradicted(t, 'there is a late payment charge', 0.5).size).toBe(0);
    // a word missed is not a word contradicted
    expect(contradicted(t, 'there is a late charge', 0.5).size).toBe(0);
  });
});

describe('heardAt', () => {
  it('collects the words at a place, inserted ones too, and whether a neighbour anchors it', () => {
    const a = ['on', 'thursday', 'at', 'three'];
    const b = ['on', 'tues', 'day', 'at', 'three'];
    const at = heardAt(alignSequences(a, b), 1, 2, a.length);
    expect(at.words.map((k) => b[k])).toEqual(['tues', 'day']);
    expect(at).toMatchObject({ substituted: true, anchored: true });
    expect(heardAt(alignSequences(a, ['three']), 1, 2, a.length).words).toEqual([]);
  });
});

describe('another fact at the place', () => {
  const t = compileLine({ expected: 'Doctor Patel will call you.', keywords: ['Doctor Patel'] });
  const b = biased('doctor patel will call you', ['doctor patel']);

  it('a sound-alike the neural recogniser wrote as a name is another person', () => {
    const out = fuse(t, {
      biased: b,
      neural: { text: 'doctor patton will call you', raw: 'Doctor Patton will call you.' },
    });
    expect(gradeLine({ transcript: out.text, keywords: ['Doctor Patel'], spotted: out.spotted }).passed).toBe(false);
  });

  it('a mishearing written as a plain word keeps the credit, and shows what was heard', () => {
    const out = fuse(t, {
      biased: b,
      neural: { text: 'doctor battle will call you', raw: 'Doctor battle will call you.' },
    });
    expect(gradeLine({ transcript: out.text, keywords: ['Doctor Patel'], spotted: out.spotted }).passed).toBe(true);
    expect(out.evidence?.find((e) => e.phrase === 'doctor patel')?.sources).toEqual([
      'keyword-search',
      'biased-decode',
    ]);
  });
});

describe('properWords', () => {
  it('lists the words written with a capital inside a sentence', () => {
    expect([...properWords('Your Premium plan is with Doctor Patton. Thanks.')]).toEqual([
      'premium',
      'doctor',
      'patton',
    ]);
  });
});
