import { describe, expect, it } from 'vitest';
import { gradeLine } from '../../src/grading';
import { ZGradeRequest, ZGradeResponse, ZKeywordEntry, ZTest } from '../../src/schemas/grading';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('ZKeywordEntry', () => {
  it.each(['refund', 'refund | credit', 'name & date of birth', '$4.50'])('accepts %j', (entry) => {
    expect(ZKeywordEntry.safeParse(entry).success).toBe(true);
  });

  it.each(['refund | credit & cash', 'a&b|c'])('rejects %j with the spec message', (entry) => {
    expect(messages(ZKeywordEntry.safeParse(entry))).toEqual(['Use only one operator & or |']);
  });

  it.each([
    ['', 'Please enter a keyword'],
    ['refund |', 'Put a word on each side of & or |'],
    ['x'.repeat(201), 'A keyword can have at most 200 characters'],
  ])('rejects %j', (entry, message) => {
    expect(messages(ZKeywordEntry.safeParse(entry))).toEqual([message]);
  });

  it('rejects what is not a string', () => {
    expect(ZKeywordEntry.safeParse(4).success).toBe(false);
  });
});

describe('ZTest', () => {
  it('fills the defaults', () => {
    expect(ZTest.parse({ name: 'Greeting', keywords: ['hello'] })).toEqual({
      name: 'Greeting',
      isFlexible: true,
      keywords: ['hello'],
      confidence: 60,
    });
  });

  it.each([
    [{ name: '', keywords: ['hello'] }, 'Please enter a name for the test'],
    [{ name: '   ', keywords: ['hello'] }, 'Please enter a name for the test'],
    [{ name: 'Greeting', keywords: [] }, 'Please enter at least one keyword'],
    [{ name: 'Greeting', keywords: ['a | b & c'] }, 'Use only one operator & or |'],
  ])('%j → %j', (input, message) => {
    expect(messages(ZTest.safeParse(input))).toEqual([message]);
  });

  it.each([
    [0, true],
    [100, true],
    [60, true],
    [-1, false],
    [101, false],
    [60.5, false],
    ['60', false],
  ])('confidence %j valid: %s', (confidence, valid) => {
    expect(ZTest.safeParse({ name: 'T', keywords: ['k'], confidence }).success).toBe(valid);
  });
});

describe('ZGradeRequest', () => {
  it('needs only a transcript and fills the defaults', () => {
    expect(ZGradeRequest.parse({ transcript: 'hello' })).toEqual({
      transcript: 'hello',
      keywords: [],
      tests: [],
      natural_lenguage: false,
      overalConfidence: 60,
    });
  });

  it.each([
    ['no transcript', {}],
    ['transcript too long', { transcript: 'a'.repeat(10001) }],
    ['too many keywords', { transcript: 'a', keywords: Array.from({ length: 201 }, (_, i) => `k${i}`) }],
    ['too many tests', { transcript: 'a', tests: Array.from({ length: 51 }, () => ({ name: 'T', keywords: ['k'] })) }],
    ['overalConfidence above 100', { transcript: 'a', overalConfidence: 101 }],
    ['overalConfidence below 0', { transcript: 'a', overalConfidence: -1 }],
    ['natural_lenguage not boolean', { transcript: 'a', natural_lenguage: 'yes' }],
    ['bad keyword', { transcript: 'a', keywords: ['x | y & z'] }],
    ['bad phrasing', { transcript: 'a', phrasing: 'loose' }],
  ])('rejects %s', (_, body) => {
    expect(ZGradeRequest.safeParse(body).success).toBe(false);
  });

  it('accepts the limits', () => {
    const body = {
      transcript: 'a'.repeat(10000),
      keywords: Array.from({ length: 200 }, (_, i) => `k${i}`),
      tests: Array.from({ length: 50 }, () => ({ name: 'T', keywords: ['k'] })),
      overalConfidence: 66.67,
      natural_lenguage: true,
      phrasing: 'strict',
    };
    expect(ZGradeRequest.safeParse(body).success).toBe(true);
  });

  it('reports the spec message for a bad keyword at its path', () => {
    const result = ZGradeRequest.safeParse({ transcript: 'a', keywords: ['ok', 'x | y & z'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['keywords', 1], 'Use only one operator & or |'],
    ]);
  });
});

describe('ZGradeResponse', () => {
  it('describes what gradeLine answers (plus success)', () => {
    const body = ZGradeRequest.parse({
      transcript: 'I can refund the charge today',
      keywords: ['refund', 'manager'],
      tests: [{ name: 'Refund', keywords: ['refund'] }],
    });
    const answer = { success: true as const, ...gradeLine(body) };
    expect(ZGradeResponse.parse(answer)).toEqual(answer);
  });

  it('rejects an answer without success: true', () => {
    const graded = gradeLine({ transcript: 'x' });
    expect(ZGradeResponse.safeParse(graded).success).toBe(false);
    expect(ZGradeResponse.safeParse({ ...graded, success: false }).success).toBe(false);
  });
});
