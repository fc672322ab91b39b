import { editDistance, metaphone } from '@sim/shared';
import { numberWords, ordinalWords } from '../stt-text';

/**
 * Words of closed classes of facts (issue 30): numbers, ordinals, days and months. Where the neural text heard
 * one of these at a keyword's place and the keyword holds one too, it heard another fact, not a slip of the
 * same word: the fusion then lets nothing credit the keyword but the transcript itself (stt-fuse.ts).
 */
const TENS = [20, 30, 40, 50, 60, 70, 80, 90];
const UNDER_TWENTY = Array.from({ length: 20 }, (_, n) => n);
/** the cardinals and ordinals as stt-text.ts writes numbers out, and the scale and fraction words */
const CARDINALS = [
  ...[...UNDER_TWENTY, ...TENS].flatMap((n) => numberWords(n)),
  'oh',
  'hundred',
  'thousand',
  'million',
  'half',
  'quarter',
];
const ORDINALS = [...UNDER_TWENTY.slice(1), ...TENS, 100].flatMap((n) => ordinalWords(n).slice(-1));
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const FACT_WORDS: ReadonlySet<string> = new Set([...CARDINALS, ...ORDINALS, ...DAYS, ...MONTHS]);

/**
 * Whether `heard` is a sound-alike of `word` but another word: their metaphone codes differ by exactly one
 * edit ("patton" / "patel", "premier" / "premium"). A code the same is a homophone or a spelling of the
 * same sound ("reed" for "reid"): the keyword heard, not another fact.
 */
export function isSoundAlike(word: string, heard: string): boolean {
  if (word === heard) return false;
  const a = metaphone(word);
  const b = metaphone(heard);
  return a.length > 1 && b.length > 1 && editDistance(a, b) === 1;
}

/** Whether a spoken word is a number, an ordinal, a day or a month. */
export function isFactWord(word: string): boolean {
  return FACT_WORDS.has(word);
}
