import { editDistance, metaphone } from '@sim/shared';

/**
 * Words of closed classes of facts (issue 30): numbers, ordinals, days and months. Where the neural text heard
 * one of these at a keyword's place and the keyword holds one too, it heard another fact, not a slip of the
 * same word: the fusion then lets nothing credit the keyword but the transcript itself (stt-fuse.ts).
 */
const CARDINALS = [
  'zero',
  'oh',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
  'hundred',
  'thousand',
  'million',
  'half',
  'quarter',
];
const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'seventieth',
  'eightieth',
  'ninetieth',
  'hundredth',
];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = [
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
