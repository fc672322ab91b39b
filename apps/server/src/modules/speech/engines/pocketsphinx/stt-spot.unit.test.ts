import { gradeLine } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { spokenForm } from '../stt-text';
import type { LatticePhraseScore } from './stt-decoder';
import { acceptedPhrases, keywordPhrases, MAX_PHRASES, searchedSequences } from './stt-spot';

const KNOWN = () => true;
const LINE = spokenForm('I can see a late payment charge of $12 on your last statement.').words;
const KEYWORDS = ['late payment charge|late fee', 'twelve dollars|$12'];
const SETTINGS = { latticePosterior: 0.9, inLinePosterior: 0.5 };

const scores = (entries: Record<string, number>): LatticePhraseScore[] =>
  Object.entries(entries).map(([phrase, p]) => ({ phrase, post: p > 0 ? Math.log(p) : -999 }));

describe('keywordPhrases', () => {
  it('lists every alternative in spoken words with the grader’s normalisation, once', () => {
    const phrases = keywordPhrases([...KEYWORDS, 'late fee'], KNOWN, LINE);
    expect(phrases).toEqual([
      { spoken: 'late payment charge', normalised: 'late payment charge', inLine: 'a late payment charge of' },
      { spoken: 'late fee', normalised: 'late fee' },
      { spoken: 'twelve dollars', normalised: '12 dollars', inLine: 'of twelve dollars on' },
    ]);
  });

  it('splits & entries into their parts', () => {
    expect(keywordPhrases(['refund & receipt'], KNOWN).map((p) => p.spoken)).toEqual(['refund', 'receipt']);
  });

  it('leaves out a phrase with a word the recogniser cannot pronounce', () => {
    const known = (w: string) => w !== 'zyxq';
    expect(keywordPhrases(['zyxq card|debit card'], known).map((p) => p.spoken)).toEqual(['debit card']);
  });

  it('takes the context words at the ends of the line from one side only', () => {
    const line = spokenForm('Thursday works for the adjuster').words;
    const phrases = keywordPhrases(['thursday', 'adjuster'], KNOWN, line);
    expect(phrases.map((p) => p.inLine)).toEqual(['thursday works', 'the adjuster']);
  });

  it('searches the phrases in their place in the line, and bare when asked, within psdecode’s limit', () => {
    const phrases = keywordPhrases(KEYWORDS, KNOWN, LINE);
    expect(searchedSequences(phrases, false)).toEqual(['a late payment charge of', 'of twelve dollars on']);
    expect(searchedSequences(phrases, true)).toEqual([
      'late payment charge',
      'a late payment charge of',
      'late fee',
      'twelve dollars',
      'of twelve dollars on',
    ]);
    const many = Array.from({ length: 300 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
    expect(keywordPhrases(many, KNOWN).length).toBe(MAX_PHRASES);
  });
});

describe('acceptedPhrases', () => {
  const phrases = keywordPhrases(KEYWORDS, KNOWN, LINE);

  it('accepts a phrase in its place in the line whose weakest word reaches the threshold, normalised as the grader does', () => {
    expect(acceptedPhrases(phrases, scores({ 'of twelve dollars on': 0.6 }), SETTINGS)).toEqual(['12 dollars']);
    expect(acceptedPhrases(phrases, scores({ 'of twelve dollars on': 0.3 }), SETTINGS)).toEqual([]);
  });

  it('accepts the bare phrase only at its own threshold, and never when that is not set', () => {
    expect(acceptedPhrases(phrases, scores({ 'twelve dollars': 0.95 }), SETTINGS)).toEqual(['12 dollars']);
    expect(acceptedPhrases(phrases, scores({ 'twelve dollars': 0.6 }), SETTINGS)).toEqual([]);
    expect(acceptedPhrases(phrases, scores({ 'twelve dollars': 1 }), { inLinePosterior: 0.5 })).toEqual([]);
    // an alternative the line does not say can only be found bare
    expect(acceptedPhrases(phrases, scores({ 'late fee': 0.99 }), SETTINGS)).toEqual(['late fee']);
  });

  it('finds nothing when the lattice holds no chain of the phrase, or no scores came', () => {
    expect(acceptedPhrases(phrases, scores({ 'late payment charge': 0, 'late fee': 0 }), SETTINGS)).toEqual([]);
    expect(acceptedPhrases(phrases, undefined, SETTINGS)).toEqual([]);
    expect(acceptedPhrases(phrases, [], SETTINGS)).toEqual([]);
  });

  it('a score of a phrase it was not asked for finds nothing', () => {
    expect(acceptedPhrases(phrases, scores({ 'rental car': 1, 'twelve hours': 1 }), SETTINGS)).toEqual([]);
  });

  it('gives gradeLine what it needs to count an entry the 1-best text missed', () => {
    const transcript = 'i can see a late fee been thought on will dollars on your last statement';
    const spotted = acceptedPhrases(phrases, scores({ 'of twelve dollars on': 0.7 }), SETTINGS);
    const graded = gradeLine({ transcript, keywords: KEYWORDS, spotted });
    expect(graded.correctKeywords).toEqual(KEYWORDS);
    expect(gradeLine({ transcript, keywords: KEYWORDS }).correctKeywords).toEqual([KEYWORDS[0]]);
  });
});
