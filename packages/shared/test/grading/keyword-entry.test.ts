import { describe, expect, it } from 'vitest';
import {
  GRADING_MESSAGES,
  KeywordEntryError,
  keywordEntryProblem,
  parseKeywordEntry,
  parseKeywordList,
  uniqueKeywordEntries,
} from '../../src/grading';

describe('parseKeywordEntry', () => {
  it.each([
    ['refund', null, ['refund'], [['refund']]],
    ['  Refund  ', null, ['Refund'], [['refund']]],
    ['date of birth', null, ['date of birth'], [['date', 'of', 'birth']]],
    ['refund | credit', '|', ['refund', 'credit'], [['refund'], ['credit']]],
    [
      'refund|credit|store credit',
      '|',
      ['refund', 'credit', 'store credit'],
      [['refund'], ['credit'], ['store', 'credit']],
    ],
    ['name & date of birth', '&', ['name', 'date of birth'], [['name'], ['date', 'of', 'birth']]],
    ['twenty-one & $4.50', '&', ['twenty-one', '$4.50'], [['21'], ['4', 'dollars', '50', 'cents']]],
  ])('%j → operator %j', (input, operator, parts, phrases) => {
    const entry = parseKeywordEntry(input);
    expect(entry.operator).toBe(operator);
    expect(entry.parts).toEqual(parts);
    expect(entry.phrases).toEqual(phrases);
    expect(entry.raw).toBe(input.trim());
  });

  it.each(['refund | credit & cash', 'a&b|c', '|&', 'name & date | birth'])(
    'rejects both operators in one entry: %j',
    (input) => {
      expect(() => parseKeywordEntry(input)).toThrow(KeywordEntryError);
      expect(keywordEntryProblem(input)).toBe('Use only one operator & or |');
      try {
        parseKeywordEntry(input);
        expect.unreachable('should have thrown');
      } catch (error) {
        expect(error).toBeInstanceOf(KeywordEntryError);
        expect((error as KeywordEntryError).message).toBe('Use only one operator & or |');
        expect((error as KeywordEntryError).code).toBe('MIXED_OPERATORS');
        expect((error as KeywordEntryError).entry).toBe(input);
      }
    },
  );

  it.each([
    ['', 'EMPTY_KEYWORD', GRADING_MESSAGES.emptyKeyword],
    ['   ', 'EMPTY_KEYWORD', GRADING_MESSAGES.emptyKeyword],
    ['?!', 'EMPTY_KEYWORD', GRADING_MESSAGES.emptyKeyword],
    ['refund |', 'EMPTY_PART', GRADING_MESSAGES.emptyPart],
    ['| refund', 'EMPTY_PART', GRADING_MESSAGES.emptyPart],
    ['a || b', 'EMPTY_PART', GRADING_MESSAGES.emptyPart],
    ['name & ', 'EMPTY_PART', GRADING_MESSAGES.emptyPart],
    ['name & ...', 'EMPTY_PART', GRADING_MESSAGES.emptyPart],
    ['x'.repeat(201), 'KEYWORD_TOO_LONG', GRADING_MESSAGES.keywordTooLong],
  ])('rejects %j with %s', (input, code, message) => {
    try {
      parseKeywordEntry(input);
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(KeywordEntryError);
      expect((error as KeywordEntryError).code).toBe(code);
      expect((error as KeywordEntryError).message).toBe(message);
    }
  });

  it('accepts valid entries without a problem', () => {
    expect(keywordEntryProblem('refund | credit')).toBeNull();
    expect(keywordEntryProblem('x'.repeat(200))).toBeNull();
  });

  it.each([
    ['Refund', 'refund!', true],
    ['refund | credit', 'Credit|REFUND', true],
    ['name & date of birth', 'date of birth & name', true],
    ['four dollars', '$4', true],
    ['twenty one', '21', true],
    ['refund | credit', 'refund & credit', false],
    ['refund', 'refunds', false],
    ['date of birth', 'birth of date', false],
  ])('%j and %j are the same entry: %s', (a, b, same) => {
    expect(parseKeywordEntry(a).key === parseKeywordEntry(b).key).toBe(same);
  });
});

describe('uniqueKeywordEntries', () => {
  it('keeps the first spelling of equal entries', () => {
    const entries = uniqueKeywordEntries(['Refund', 'credit', 'refund!', ' REFUND ', 'credit | cash', 'cash|credit']);
    expect(entries.map((e) => e.raw)).toEqual(['Refund', 'credit', 'credit | cash']);
  });

  it('throws on an invalid entry', () => {
    expect(() => uniqueKeywordEntries(['ok', 'a | b & c'])).toThrow('Use only one operator & or |');
  });
});

describe('parseKeywordList (Add Keyword dialog)', () => {
  it.each([
    ['refund, credit ,  cash', ['refund', 'credit', 'cash'], []],
    ['refund,,credit,', ['refund', 'credit'], []],
    ['Refund, refund, REFUND!', ['Refund'], ['refund', 'REFUND!']],
    ['date of birth, DOB | date of birth', ['date of birth', 'DOB | date of birth'], []],
    ['4 tablets, four tablets', ['4 tablets'], ['four tablets']],
    ['', [], []],
  ])('%j → %j (duplicates %j)', (input, keywords, duplicates) => {
    expect(parseKeywordList(input)).toEqual({ ok: true, keywords, duplicates });
  });

  it('takes the tags of a tag input, each of which may still hold commas', () => {
    expect(parseKeywordList(['refund', 'credit, cash', 'Refund'])).toEqual({
      ok: true,
      keywords: ['refund', 'credit', 'cash'],
      duplicates: ['Refund'],
    });
  });

  it('refuses an entry with both operators with the spec message', () => {
    expect(parseKeywordList('refund, cash | credit & card, id')).toEqual({
      ok: false,
      message: 'Use only one operator & or |',
      keyword: 'cash | credit & card',
    });
  });

  it('refuses an empty part', () => {
    expect(parseKeywordList('refund, cash |')).toEqual({
      ok: false,
      message: GRADING_MESSAGES.emptyPart,
      keyword: 'cash |',
    });
  });

  it('refuses more than 200 keywords', () => {
    const many = Array.from({ length: 201 }, (_, i) => `word${i}`).join(',');
    expect(parseKeywordList(many)).toEqual({
      ok: false,
      message: GRADING_MESSAGES.tooManyKeywords,
      keyword: 'word200',
    });
    const enough = Array.from({ length: 200 }, (_, i) => `word${i}`);
    expect(parseKeywordList(enough)).toMatchObject({ ok: true });
  });
});
