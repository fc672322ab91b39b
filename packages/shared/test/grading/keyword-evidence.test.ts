import { describe, expect, it } from 'vitest';
import type { TKeywordOverride, TPhraseEvidence, TTranscriptWord } from '../../src';
import {
  alignWords,
  evidenceFromSpotted,
  gradeLine,
  keywordEvidence,
  matchPhrase,
  matchPhrasePositions,
  preparePhrase,
  prepareText,
  spottedOf,
  tokenise,
} from '../../src/grading';

/** The words of a transcript, 0.5 s each, as a recogniser answers them. */
const wordsOf = (text: string, confidence = 0.9): TTranscriptWord[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4, confidence }));

const heardAt = (text: string) => ({ transcript: text, words: wordsOf(text) });
const override = (keyword: string, credited: boolean): TKeywordOverride => ({
  keyword,
  credited,
  reason: 'listened to it',
  by: 'u1',
  by_name: 'Rita Reviewer',
  at: '2025-01-01T00:00:00.000Z',
});
const spotted = (phrase: string, extra: Partial<TPhraseEvidence> = {}): TPhraseEvidence => ({
  phrase,
  sources: ['neural-boosted'],
  start: 1.1,
  end: 1.5,
  confidence: 0.8,
  ...extra,
});

describe('matchPhrasePositions: matchPhrase that tells where', () => {
  const cases: [string, string, 'strict' | 'flexible', number[] | null][] = [
    ['refund', 'i can refund it', 'strict', [2]],
    ['date of birth', 'your date of birth please', 'strict', [1, 2, 3]],
    ['date of birth', 'your full date birth', 'strict', null],
    ['verify your date of birth', 'verify your full date of birth', 'flexible', [0, 1, 3, 4, 5]],
    ['co pay', 'the copay is due', 'flexible', [1]],
    ['copay', 'the co pay is due', 'flexible', [1, 2]],
    ['555-1234', 'call five five five one two three four now', 'flexible', [1, 2, 3, 4, 5, 6, 7]],
    ['555-1234', 'call five five five one two three four now', 'strict', [1, 2, 3, 4, 5, 6, 7]],
    ['authorisation', 'we need an authorization first', 'flexible', [3]],
    ['monday', 'on tuesday then', 'flexible', null],
    ['one moment please', 'one one moment please', 'strict', [1, 2, 3]],
  ];
  it.each(cases)('%s in "%s" (%s)', (phrase, transcript, phrasing, positions) => {
    const p = preparePhrase(tokenise(phrase));
    const t = prepareText(transcript);
    expect(matchPhrasePositions(p, t, phrasing)).toEqual(positions);
    // matches exactly when matchPhrase does
    expect(matchPhrase(p, t, phrasing)).toBe(positions !== null);
  });
});

describe('alignWords', () => {
  it('lines up a substituted word with the one it replaced', () => {
    expect(alignWords(['on', 'thursday', 'at', '3'], ['on', 'friday', 'at', '3'])).toEqual([0, 1, 2, 3]);
  });
  it('marks a dropped word -1 and skips an inserted one', () => {
    expect(alignWords(['welcome', 'to', 'lakeside'], ['welcome', 'um', 'to'])).toEqual([0, 2, -1]);
  });
  it('takes near words as the same', () => {
    expect(alignWords(['the', 'authorisation', 'form'], ['the', 'authorization', 'form'])).toEqual([0, 1, 2]);
  });
});

describe('keywordEvidence', () => {
  it('a missed keyword: the words heard in its place and their span ("expected Thursday, heard friday")', () => {
    const [e] = keywordEvidence({
      expected: 'I can book you on Thursday at three.',
      keywords: ['Thursday'],
      ...heardAt('i can book you on friday at three'),
      evidence: [],
    });
    expect(e).toEqual({
      keyword: 'Thursday',
      tests: [],
      credited: false,
      auto_credited: false,
      phrase: 'thursday',
      sources: [],
      start: 2.5,
      end: 2.9,
      confidence: null,
      in_transcript: false,
      heard: 'friday',
      override: null,
    });
  });

  it('a credit the transcript does not hold: the recogniser’s evidence, and what the transcript wrote there', () => {
    const [e] = keywordEvidence({
      expected: 'Welcome to the Lakeside family clinic.',
      keywords: ['Lakeside'],
      ...heardAt('welcome to the excited family clinic'),
      evidence: [spotted('lakeside', { sources: ['neural-boosted', 'keyword-search'] })],
    });
    expect(e).toMatchObject({
      credited: true,
      auto_credited: true,
      phrase: 'lakeside',
      sources: ['neural-boosted', 'keyword-search'],
      start: 1.1,
      end: 1.5,
      confidence: 0.8,
      in_transcript: false,
      heard: 'excited',
    });
  });

  it('a credit the transcript holds: its words’ span and confidence, the transcript among the sources, nothing "heard"', () => {
    const [e] = keywordEvidence({
      expected: 'I can schedule your appointment.',
      keywords: ['schedule'],
      transcript: 'i can schedule your appointment',
      words: wordsOf('i can schedule your appointment', 0.7),
      evidence: [],
    });
    expect(e).toMatchObject({
      credited: true,
      sources: ['transcript'],
      start: 1,
      end: 1.4,
      confidence: 0.7,
      in_transcript: true,
      heard: null,
    });
    // with the recognisers' evidence too: their confidence, both sources, the transcript's span
    const [both] = keywordEvidence({
      expected: 'I can schedule your appointment.',
      keywords: ['schedule'],
      ...heardAt('i can schedule your appointment'),
      evidence: [spotted('schedule', { sources: ['keyword-search'], confidence: 0.95 })],
    });
    expect(both).toMatchObject({ sources: ['transcript', 'keyword-search'], start: 1, end: 1.4, confidence: 0.95 });
  });

  it('nothing aligned in the keyword’s place: no "heard", the span is the gap between its neighbours', () => {
    const [e] = keywordEvidence({
      expected: 'Your plan is the gold plan today',
      keywords: ['gold'],
      ...heardAt('your plan is the plan today'),
      evidence: [],
    });
    expect(e).toMatchObject({ credited: false, heard: null, start: 1.9, end: 2 });
  });

  it('a number said in words spans all its words', () => {
    const [e] = keywordEvidence({
      expected: 'The fee is twenty one dollars',
      keywords: ['21 dollars'],
      ...heardAt('the fee is twenty one dollars'),
      evidence: [],
    });
    expect(e).toMatchObject({ credited: true, in_transcript: true, start: 1.5, end: 2.9 });
  });

  it('lists the line’s keywords, then the tests’ keywords not among them, each once, with their tests', () => {
    const evidence = keywordEvidence({
      expected: 'I can refund the late fee or credit your account',
      keywords: ['refund', 'Refund!', 'late fee | late charge'],
      tests: [
        { name: 'Offers', keywords: ['credit', 'refund'] },
        { name: 'Names it', keywords: ['late charge|late fee', 'account'] },
      ],
      ...heardAt('i can refund the late fee or credit your account'),
      evidence: [],
    });
    expect(evidence.map((e) => [e.keyword, e.tests])).toEqual([
      ['refund', ['Offers']],
      ['late fee | late charge', ['Names it']],
      ['credit', ['Offers']],
      ['account', ['Names it']],
    ]);
  });

  it('an & entry: every part, the span covering them, the lowest confidence', () => {
    const [e] = keywordEvidence({
      expected: 'Reset the router and check the internet light',
      keywords: ['router & internet light'],
      ...heardAt('reset the rooter and check the internet light'),
      evidence: [spotted('router', { start: 0.5, end: 0.9, confidence: 0.6 })],
    });
    expect(e).toMatchObject({
      credited: true,
      phrase: 'router & internet light',
      sources: ['transcript', 'neural-boosted'],
      start: 0.5,
      end: 3.9,
      confidence: 0.6,
      in_transcript: false,
      heard: 'rooter',
    });
  });

  it('a reviewer’s decision: the final credit changes, the automatic finding and its evidence stay', () => {
    const overturned = override('schedule', false);
    const granted = override('monday', true);
    const evidence = keywordEvidence({
      expected: 'I can schedule your appointment on Monday',
      keywords: ['Schedule', 'Monday', 'cardiologist'],
      ...heardAt('i can schedule your appointment on sunday'),
      evidence: [],
      overrides: [override('schedule', true), overturned, granted, override('not a keyword', true)],
    });
    expect(evidence.map((e) => [e.keyword, e.credited, e.auto_credited])).toEqual([
      ['Schedule', false, true],
      ['Monday', true, false],
      ['cardiologist', false, false],
    ]);
    expect(evidence[0]).toMatchObject({
      override: overturned,
      in_transcript: true,
      sources: ['transcript'],
      heard: 'schedule',
    });
    expect(evidence[1]).toMatchObject({ override: granted, heard: 'sunday', sources: [] });
    expect(evidence[2].override).toBeNull();
  });

  it('a decision on "b | a" is a decision on "a|b" (entries compared as the grader compares them)', () => {
    const [e] = keywordEvidence({
      expected: 'a photo ID please',
      keywords: ['photo ID | driver license'],
      ...heardAt('a photo id please'),
      evidence: [],
      overrides: [override('Driver License|photo id', false)],
    });
    expect(e.credited).toBe(false);
  });

  it('evidence of what the transcript holds is not `spotted`: a strict keyword needs the exact words', () => {
    const input = {
      expected: 'I can book the appointments today',
      tests: [{ name: 'Exact', keywords: ['appointments'], isFlexible: false }],
      ...heardAt('i can book the appointment today'),
      // the recognisers' own (flexible) reading of their text found it there
      evidence: [spotted('appointments', { sources: ['transcript'] })],
    };
    expect(spottedOf(input.evidence)).toEqual([]);
    const [e] = keywordEvidence(input);
    expect(e).toMatchObject({ credited: false, sources: [], heard: 'appointment' });
    expect(
      gradeLine({ transcript: input.transcript, tests: input.tests, spotted: spottedOf(input.evidence) }).missed_tests,
    ).toHaveLength(1);
    // heard beyond the text too: spotted, credited, the transcript not among the sources
    const [beyond] = keywordEvidence({
      ...input,
      evidence: [spotted('appointments', { sources: ['keyword-search'] })],
    });
    expect(beyond).toMatchObject({ credited: true, sources: ['keyword-search'], in_transcript: false });
  });

  it('no entries: nothing', () => {
    expect(keywordEvidence({ expected: 'Hello', ...heardAt('hello'), evidence: [] })).toEqual([]);
  });
});

describe('keywordEvidence credits exactly what gradeLine credits', () => {
  const cases = [
    {
      expected: 'I can schedule your appointment with the cardiologist on Monday morning.',
      keywords: ['schedule', 'Monday', 'cardiologist | heart doctor', 'morning & appointment'],
      tests: [
        { name: 'Day', keywords: ['Monday', 'morning'], isFlexible: false },
        { name: 'Strict', keywords: ['appointments'], isFlexible: false },
      ],
      transcript: 'i can schedule your appointments with the heart doctor on sunday morning',
      evidence: [spotted('monday')],
      overrides: [],
    },
    {
      expected: 'Please bring your insurance card and a photo ID.',
      keywords: ['insurance card', 'photo ID | driver license'],
      tests: [{ name: 'Docs', keywords: ['photo ID|driver license', 'front desk'] }],
      transcript: 'please bring your insurance cart and a photo',
      evidence: [],
      overrides: [
        override('insurance card', true),
        override('front desk', true),
        override('photo id|driver license', false),
      ],
    },
  ];
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    const graded = gradeLine({
      transcript: c.transcript,
      keywords: c.keywords,
      tests: c.tests,
      spotted: spottedOf(c.evidence),
      overrides: c.overrides,
    });
    const evidence = keywordEvidence({ ...c, words: wordsOf(c.transcript) });
    const credited = new Set(evidence.filter((e) => e.credited).map((e) => e.keyword));
    expect(graded.correctKeywords.every((k) => credited.has(k))).toBe(true);
    expect(graded.missedKeywords.some((k) => credited.has(k))).toBe(false);
    for (const test of [...graded.tests_matched, ...graded.missed_tests]) {
      const line = c.tests.find((t) => t.name === test.name)!;
      // a test-only entry is listed once, decided with its first test's phrasing (these cases share it)
      for (const k of test.correctKeywords) {
        const e = evidence.find(
          (x) =>
            x.tests.includes(test.name) &&
            x.keyword.toLowerCase().replace(/\s/g, '') === k.toLowerCase().replace(/\s/g, ''),
        );
        if (e && !c.keywords.some((kw) => kw === e.keyword) && line) expect(e.credited).toBe(true);
      }
    }
  });
});

describe('gradeLine with overrides', () => {
  const base = {
    transcript: 'i can schedule your appointment on sunday',
    keywords: ['schedule', 'Monday'],
    tests: [{ name: 'Day', keywords: ['monday'], confidence: 100 }],
    natural_lenguage: true,
  };
  it('forces an entry credited or missed, in the line and the tests, and the figures follow', () => {
    const before = gradeLine(base);
    expect(before).toMatchObject({
      correctKeywords: ['schedule'],
      keyword_accuracy: 50,
      grade_score: 0,
      passed: false,
    });
    const granted = gradeLine({ ...base, overrides: [{ keyword: 'MONDAY!', credited: true }] });
    expect(granted).toMatchObject({
      correctKeywords: ['schedule', 'Monday'],
      keyword_accuracy: 100,
      grade_score: 100,
      passed: true,
    });
    expect(granted.tests_matched.map((t) => t.name)).toEqual(['Day']);
    const overturned = gradeLine({ ...base, overrides: [{ keyword: 'schedule', credited: false }] });
    expect(overturned).toMatchObject({
      correctKeywords: [],
      missedKeywords: ['schedule', 'Monday'],
      keyword_accuracy: 0,
    });
  });
  it('ignores a keyword the line does not have, or one that does not parse; the last decision counts', () => {
    expect(
      gradeLine({
        ...base,
        overrides: [
          { keyword: 'refund', credited: true },
          { keyword: 'a | b & c', credited: true },
        ],
      }),
    ).toEqual(gradeLine(base));
    const last = gradeLine({
      ...base,
      overrides: [
        { keyword: 'schedule', credited: false },
        { keyword: 'schedule', credited: true },
      ],
    });
    expect(last.correctKeywords).toEqual(['schedule']);
  });
});

describe('evidenceFromSpotted (until the engines report their evidence)', () => {
  it('places each spotted phrase where the line expects it, heard by keyword search with confidence 0.5', () => {
    const evidence = evidenceFromSpotted({
      expected: 'Your appointment is on Thursday at three with the Lakeside clinic',
      ...heardAt('your appointment is on at three with the excited clinic'),
      spotted: ['Thursday', 'lakeside', 'refund', 'lakeside'],
    });
    expect(evidence).toEqual([
      // nothing aligned: the gap between "on" and "at"
      { phrase: 'thursday', sources: ['keyword-search'], start: 1.9, end: 2, confidence: 0.5 },
      // aligned to "excited"
      { phrase: 'lakeside', sources: ['keyword-search'], start: 4, end: 4.4, confidence: 0.5 },
      // not in the line: the whole recording
      { phrase: 'refund', sources: ['keyword-search'], start: 0, end: 4.9, confidence: 0.5 },
    ]);
  });
  it('nothing spotted: no evidence', () => {
    expect(evidenceFromSpotted({ expected: 'Hi', transcript: '', words: [], spotted: undefined })).toEqual([]);
  });
});
