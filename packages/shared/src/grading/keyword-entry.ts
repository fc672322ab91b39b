/**
 * Keyword entries (DECISIONS.md section 4, authoring.md section 5). An entry is a phrase; with `|` it
 * lists alternatives (any one matches), with `&` parts that must all match. One operator kind per entry.
 */
import { GRADING_LIMITS, GRADING_MESSAGES, OPERATOR_ALL, OPERATOR_ANY } from './constants';
import { tokenise } from './normalise';

export type KeywordOperator = typeof OPERATOR_ANY | typeof OPERATOR_ALL;

export interface KeywordEntry {
  /** The entry as the author wrote it, trimmed; this is what correctKeywords / missedKeywords list. */
  raw: string;
  /** null for a plain phrase. */
  operator: KeywordOperator | null;
  /** The trimmed parts as written ("refund | credit" → ["refund", "credit"]). */
  parts: string[];
  /** The normalised words of each part. */
  phrases: string[][];
  /** Equality key: operator + normalised parts, sorted (order of alternatives or parts does not matter). */
  key: string;
}

export type KeywordEntryErrorCode = 'MIXED_OPERATORS' | 'EMPTY_KEYWORD' | 'EMPTY_PART' | 'KEYWORD_TOO_LONG';

const MESSAGE_OF: Record<KeywordEntryErrorCode, string> = {
  MIXED_OPERATORS: GRADING_MESSAGES.mixedOperators,
  EMPTY_KEYWORD: GRADING_MESSAGES.emptyKeyword,
  EMPTY_PART: GRADING_MESSAGES.emptyPart,
  KEYWORD_TOO_LONG: GRADING_MESSAGES.keywordTooLong,
};

/** An entry that breaks a rule; `message` is the text to show (the server answers it with 400). */
export class KeywordEntryError extends Error {
  readonly code: KeywordEntryErrorCode;
  readonly entry: string;
  constructor(code: KeywordEntryErrorCode, entry: string) {
    super(MESSAGE_OF[code]);
    this.name = 'KeywordEntryError';
    this.code = code;
    this.entry = entry;
  }
}

/** Parses one entry or throws a KeywordEntryError. */
export function parseKeywordEntry(input: string): KeywordEntry {
  const raw = input.trim();
  if (raw === '') throw new KeywordEntryError('EMPTY_KEYWORD', input);
  if (raw.length > GRADING_LIMITS.keywordMaxLength) throw new KeywordEntryError('KEYWORD_TOO_LONG', input);
  const hasAny = raw.includes(OPERATOR_ANY);
  const hasAll = raw.includes(OPERATOR_ALL);
  if (hasAny && hasAll) throw new KeywordEntryError('MIXED_OPERATORS', input);
  const operator: KeywordOperator | null = hasAny ? OPERATOR_ANY : hasAll ? OPERATOR_ALL : null;
  const parts = operator === null ? [raw] : raw.split(operator).map((p) => p.trim());
  const phrases = parts.map((part) => tokenise(part));
  if (phrases.some((words) => words.length === 0)) {
    throw new KeywordEntryError(operator === null ? 'EMPTY_KEYWORD' : 'EMPTY_PART', input);
  }
  const normalisedParts = phrases.map((words) => words.join(' '));
  const key = `${operator ?? ''}:${[...new Set(normalisedParts)].sort().join('\u0000')}`;
  return { raw, operator, parts, phrases, key };
}

/** The message for an invalid entry, or null when it is valid (for form and schema checks). */
export function keywordEntryProblem(input: string): string | null {
  try {
    parseKeywordEntry(input);
    return null;
  } catch (error) {
    if (error instanceof KeywordEntryError) return error.message;
    throw error;
  }
}

/** Parses entries and keeps the first of each group of equal ones (a keyword listed twice counts once). */
export function uniqueKeywordEntries(inputs: readonly string[]): KeywordEntry[] {
  const seen = new Set<string>();
  const entries: KeywordEntry[] = [];
  for (const input of inputs) {
    const entry = parseKeywordEntry(input);
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    entries.push(entry);
  }
  return entries;
}

export type KeywordListResult =
  | { ok: true; keywords: string[]; duplicates: string[] }
  | { ok: false; message: string; keyword: string };

/**
 * Validates what an author typed in the Add Keyword dialog: split on commas, trimmed, empty pieces
 * dropped, duplicates (equal after normalising, e.g. "Refund" and "refund!") removed and reported,
 * each entry with at most one operator kind. The first invalid entry stops the check.
 */
export function parseKeywordList(input: string | readonly string[]): KeywordListResult {
  const pieces = (typeof input === 'string' ? [input] : input)
    .flatMap((text) => text.split(','))
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const seen = new Set<string>();
  const keywords: string[] = [];
  const duplicates: string[] = [];
  for (const piece of pieces) {
    let entry: KeywordEntry;
    try {
      entry = parseKeywordEntry(piece);
    } catch (error) {
      if (error instanceof KeywordEntryError) return { ok: false, message: error.message, keyword: piece };
      throw error;
    }
    if (seen.has(entry.key)) {
      duplicates.push(entry.raw);
      continue;
    }
    seen.add(entry.key);
    keywords.push(entry.raw);
  }
  if (keywords.length > GRADING_LIMITS.keywordsMax) {
    return { ok: false, message: GRADING_MESSAGES.tooManyKeywords, keyword: keywords[GRADING_LIMITS.keywordsMax] };
  }
  return { ok: true, keywords, duplicates };
}
