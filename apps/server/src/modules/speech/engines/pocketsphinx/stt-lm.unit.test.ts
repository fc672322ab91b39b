import { describe, expect, it } from 'vitest';
import { buildArpa, type CommonWord, DEFAULT_BIAS, LIVE_BIAS } from './stt-lm';

/** A tiny back-off model reader, to check the probabilities the ARPA text defines. */
function readArpa(text: string) {
  const prob = new Map<string, number>();
  const backoff = new Map<string, number>();
  let order = 0;
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) {
      order = Number(section[1]);
      continue;
    }
    if (!order || !line.trim() || line.startsWith('\\')) continue;
    const parts = line.split(' ');
    const words = parts.slice(1, 1 + order).join(' ');
    prob.set(words, 10 ** Number(parts[0]));
    if (parts.length > order + 1) backoff.set(words, 10 ** Number(parts[order + 1]));
  }
  const p = (history: string[], word: string): number => {
    const key = [...history, word].join(' ');
    if (prob.has(key)) return prob.get(key)!;
    if (history.length === 0) return 0;
    return (backoff.get(history.join(' ')) ?? 1) * p(history.slice(1), word);
  };
  const vocabulary = [...prob.keys()].filter((k) => !k.includes(' ') && k !== '<s>');
  return { p, vocabulary, header: text.slice(0, text.indexOf('\\1-grams:')) };
}

const COMMON: CommonWord[] = [
  { word: 'the', logProb: -1.4 },
  { word: 'to', logProb: -1.6 },
  { word: 'you', logProb: -1.75 },
  { word: 'is', logProb: -1.96 },
  { word: 'your', logProb: -2.3 },
  { word: 'for', logProb: -2.1 },
  { word: 'closed', logProb: -4.5 },
  { word: 'office', logProb: -4 },
];
const LINE = ['<s>', 'your', 'appointment', 'is', 'confirmed', 'for', 'tuesday', '</s>'];

describe('buildArpa', () => {
  const arpa = buildArpa(COMMON, [LINE, ['doctor', 'patel']]);
  const lm = readArpa(arpa);

  it('declares the counts of its sections', () => {
    expect(lm.header).toContain('ngram 1=15'); // 8 common words, 5 more words, <s> and </s>
    expect(lm.header).toMatch(/ngram 2=\d+/);
    expect(lm.header).toMatch(/ngram 3=\d+/);
  });

  it('keeps every common word and adds the words of the line and keywords', () => {
    for (const w of [...COMMON.map((c) => c.word), 'appointment', 'confirmed', 'tuesday', 'doctor', 'patel']) {
      expect(lm.vocabulary).toContain(w);
    }
  });

  it.each([
    [[]],
    [['<s>']],
    [['your']],
    [['<s>', 'your']],
    [['your', 'appointment']],
    [['doctor']],
    [['office']],
    [['the', 'office']],
  ])('is a probability distribution after %j', (history) => {
    const total = lm.vocabulary.reduce((sum, w) => sum + lm.p(history, w), 0);
    expect(total).toBeCloseTo(1, 3);
  });

  it('favours the line, while other words stay possible', () => {
    expect(lm.p(['your', 'appointment'], 'is')).toBeCloseTo(DEFAULT_BIAS.trigramMass, 3);
    expect(lm.p(['appointment'], 'is')).toBeCloseTo(DEFAULT_BIAS.bigramMass, 3);
    expect(lm.p(['<s>'], 'your')).toBeGreaterThan(lm.p(['<s>'], 'the'));
    expect(lm.p([], 'appointment')).toBeGreaterThan(lm.p([], 'closed') * 100);
    expect(lm.p(['your', 'appointment'], 'closed')).toBeGreaterThan(0);
    expect(lm.p(['the'], 'office')).toBeGreaterThan(0);
    expect(lm.p(['doctor'], 'patel')).toBeCloseTo(DEFAULT_BIAS.bigramMass, 3);
  });

  it('with the live bias, favours the line far less (issue 31: the partials follow what is said)', () => {
    const settings = { ...DEFAULT_BIAS, ...LIVE_BIAS };
    const live = readArpa(buildArpa(COMMON, [LINE, ['doctor', 'patel']], settings));
    for (const history of [[], ['<s>'], ['your'], ['your', 'appointment'], ['the']]) {
      const total = live.vocabulary.reduce((sum, w) => sum + live.p(history, w), 0);
      expect(total).toBeCloseTo(1, 3);
    }
    expect(live.p(['appointment'], 'is')).toBeCloseTo(settings.bigramMass, 3);
    expect(live.p(['your', 'appointment'], 'is')).toBeCloseTo(settings.trigramMass, 3);
    expect(live.p([], 'appointment')).toBeLessThan(lm.p([], 'appointment') / 10);
    // after a word of the line, another word keeps most of its general chance
    expect(live.p(['appointment'], 'closed')).toBeGreaterThan(lm.p(['appointment'], 'closed') * 3);
  });

  it('gives a keyword fact and its confusable alternatives the same weight at its place (issue 30)', () => {
    const competitors = ['monday', 'wednesday'].map((day) => ({
      words: ['confirmed', 'for', day, '</s>'],
      at: 2,
      original: 'tuesday',
      weight: 1,
    }));
    const fair = readArpa(buildArpa(COMMON, [LINE, ['tuesday']], DEFAULT_BIAS, competitors));
    for (const history of [[], ['<s>'], ['for'], ['confirmed', 'for'], ['for', 'monday'], ['monday']]) {
      const total = fair.vocabulary.reduce((sum, w) => sum + fair.p(history, w), 0);
      expect(total).toBeCloseTo(1, 3);
    }
    for (const day of ['monday', 'wednesday']) {
      expect(fair.p(['confirmed', 'for'], day)).toBeCloseTo(fair.p(['confirmed', 'for'], 'tuesday'), 6);
      expect(fair.p(['for'], day)).toBeCloseTo(fair.p(['for'], 'tuesday'), 6);
      expect(fair.p([], day)).toBeCloseTo(fair.p([], 'tuesday'), 6);
      // the line goes on after the alternative as after the original
      expect(fair.p(['for', day], '</s>')).toBeCloseTo(DEFAULT_BIAS.trigramMass, 3);
    }
    expect(fair.p(['confirmed', 'for'], 'tuesday')).toBeCloseTo(DEFAULT_BIAS.trigramMass / 3, 3);
    // the rest of the line keeps its weight
    expect(fair.p(['your', 'appointment'], 'is')).toBeCloseTo(DEFAULT_BIAS.trigramMass, 3);
    // a sound-alike of half the weight gets half the share
    const half = readArpa(
      buildArpa(COMMON, [LINE], DEFAULT_BIAS, [
        { words: ['for', 'choose', 'day'], at: 1, original: 'tuesday', weight: 0.5 },
      ]),
    );
    expect(half.p(['for'], 'choose')).toBeCloseTo(half.p(['for'], 'tuesday') / 2, 4);
    // without competitors the day has the whole of the line's mass there
    expect(lm.p(['confirmed', 'for'], 'tuesday')).toBeCloseTo(DEFAULT_BIAS.trigramMass, 3);
  });

  it('without hints is a unigram model of the common words', () => {
    const plain = readArpa(buildArpa(COMMON, []));
    expect(plain.vocabulary).toHaveLength(COMMON.length + 1);
    const total = plain.vocabulary.reduce((sum, w) => sum + plain.p([], w), 0);
    expect(total).toBeCloseTo(1, 3);
  });
});
