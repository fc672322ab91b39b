/**
 * Phrase matching (DECISIONS.md section 4).
 * - Strict: the phrase's normalised words appear contiguously, as whole words, in the normalised
 *   transcript. "card" does not match "cardiology", "refund" does not match "refunded".
 * - Flexible: each word of the phrase matches a transcript word, in order, with at most
 *   MAX_FLEXIBLE_GAP (2) extra transcript words between two consecutive phrase words. Words match when
 *   equal, when they share a Porter stem ("billing" / "bill", "eligibility" / "eligible"; both words of at
 *   least STEM_MATCH_MIN_LENGTH (3) letters, so "hi" never matches "his" nor "us" "use"), when they are
 *   near words (near-match.ts), or when two words written apart are one word written together
 *   ("co pay" / "copay", "health care" / "healthcare"; exact or same stem only, and at least
 *   COMPOUND_MIN_LENGTH letters). Numbers only ever match exactly.
 * - Both: a run of digits in the phrase matches neighbouring digit tokens of the transcript that spell
 *   the same digits: "555-1234" matches "five five five one two three four", "1980" matches "nineteen
 *   eighty", "4.50" matches "four point five zero". A transcript token is never split ("4" is not found
 *   in "14"), and a stutter ("one one moment please") still contains "one moment please".
 */
import { COMPOUND_MIN_LENGTH, MAX_FLEXIBLE_GAP, STEM_MATCH_MIN_LENGTH } from './constants';
import { nearWords } from './near-match';
import { tokenise } from './normalise';
import { metaphone } from './phonetic';
import { stem } from './stem';

export type Phrasing = 'strict' | 'flexible';

/** A normalised word with its stem and sound worked out once. */
export interface PreparedWord {
  text: string;
  stem: string;
  /** Metaphone key ('' for numbers). */
  code: string;
  /** Holds a digit ("21", "21st"): matches exactly, never by stem or sound. */
  numeric: boolean;
  /** Only digits ("21"): compared digit by digit across neighbouring tokens. */
  digits: boolean;
}

const ONLY_DIGITS = /^\d+$/;

export function prepareWord(text: string): PreparedWord {
  const numeric = /\d/.test(text);
  return {
    text,
    stem: numeric ? text : stem(text),
    code: numeric ? '' : metaphone(text),
    numeric,
    digits: ONLY_DIGITS.test(text),
  };
}

/** Prepares phrase words: neighbouring digit tokens become one run of digits ("555 1234" → "5551234"). */
export function preparePhrase(words: readonly string[]): PreparedWord[] {
  const merged: string[] = [];
  for (const word of words) {
    const last = merged.length - 1;
    if (last >= 0 && ONLY_DIGITS.test(word) && ONLY_DIGITS.test(merged[last])) merged[last] += word;
    else merged.push(word);
  }
  return merged.map(prepareWord);
}

/**
 * A transcript normalised once and matched against many phrases. Each distinct word is prepared once
 * (`vocab`, `ids` per position), and which vocab words a phrase word matches is remembered (`rows`), so
 * grading 200 keywords against a long transcript stays fast.
 */
export interface PreparedText {
  words: readonly PreparedWord[];
  ids: readonly number[];
  vocab: readonly PreparedWord[];
  rows: Map<string, Uint8Array>;
  /** words[t] + words[t + 1] ('' when either is a number or the join is too short to count). */
  joined: readonly string[];
  joinedStems: Map<number, string>;
}

export function prepareText(text: string): PreparedText {
  const index = new Map<string, number>();
  const vocab: PreparedWord[] = [];
  const ids: number[] = [];
  const words: PreparedWord[] = [];
  for (const token of tokenise(text)) {
    let id = index.get(token);
    if (id === undefined) {
      id = vocab.length;
      index.set(token, id);
      vocab.push(prepareWord(token));
    }
    ids.push(id);
    words.push(vocab[id]);
  }
  const joined = words.map((word, t) => (t + 1 < words.length ? joinWords(word, words[t + 1]) : ''));
  return { words, ids, vocab, rows: new Map(), joined, joinedStems: new Map() };
}

/** Flexible equality of two single words: same text, same stem (both ≥ 3 letters) or near words. */
export function sameWord(a: PreparedWord, b: PreparedWord): boolean {
  if (a.text === b.text) return true;
  if (a.numeric || b.numeric) return false;
  if (a.stem === b.stem) return Math.min(a.text.length, b.text.length) >= STEM_MATCH_MIN_LENGTH;
  return nearWords(a, b);
}

/** Which distinct transcript words phrase word `p` matches (1) or not (0); remembered per phrase word. */
function matchRow(p: PreparedWord, text: PreparedText): Uint8Array {
  let row = text.rows.get(p.text);
  if (row === undefined) {
    row = new Uint8Array(text.vocab.length);
    for (let v = 0; v < text.vocab.length; v++) row[v] = sameWord(p, text.vocab[v]) ? 1 : 0;
    text.rows.set(p.text, row);
  }
  return row;
}

/** Two words written apart as one ("co" + "pay" → "copay"); '' when they may not be joined. */
function joinWords(first: PreparedWord, second: PreparedWord): string {
  if (first.numeric || second.numeric) return '';
  const joined = first.text + second.text;
  return joined.length >= COMPOUND_MIN_LENGTH ? joined : '';
}

/** Two words written apart ("co pay") equal one word written together ("copay"): exactly or by stem. */
function joinedEquals(joined: string, whole: PreparedWord, joinedStem: () => string): boolean {
  if (joined === '' || whole.numeric) return false;
  return joined === whole.text || joinedStem() === whole.stem;
}

function transcriptJoinedStem(text: PreparedText, t: number): string {
  let joined = text.joinedStems.get(t);
  if (joined === undefined) {
    joined = stem(text.joined[t]);
    text.joinedStems.set(t, joined);
  }
  return joined;
}

/** How many transcript tokens from `t` spell exactly the digits of `run` (0 when they do not). */
function digitSpan(run: PreparedWord, words: readonly PreparedWord[], t: number): number {
  let spelled = '';
  for (let k = t; k < words.length && words[k].digits && spelled.length < run.text.length; k++) {
    spelled += words[k].text;
    if (spelled === run.text) return k - t + 1;
  }
  return 0;
}

/** Strict: the phrase (from preparePhrase) occurs contiguously in the transcript. */
export function matchStrict(phrase: readonly PreparedWord[], text: PreparedText): boolean {
  return strictPlace(phrase, text) !== null;
}

/** The first place of a strict match: the transcript word positions it covers, null when none. */
function strictPlace(phrase: readonly PreparedWord[], text: PreparedText): number[] | null {
  const words = text.words;
  if (phrase.length === 0) return null;
  /** the position after the match starting at `start`, -1 when there is none */
  const matchesAt = (start: number): number => {
    let t = start;
    for (const word of phrase) {
      if (t >= words.length) return -1;
      if (word.digits) {
        const span = digitSpan(word, words, t);
        if (span === 0) return -1;
        t += span;
      } else if (word.text === words[t].text) {
        t++;
      } else {
        return -1;
      }
    }
    return t;
  };
  for (let start = 0; start < words.length; start++) {
    const end = matchesAt(start);
    if (end >= 0) return range(start, end);
  }
  return null;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** Flexible: see the rules at the top; phrase from preparePhrase. */
export function matchFlexible(phrase: readonly PreparedWord[], text: PreparedText): boolean {
  return flexibleSearch(phrase, text)?.first !== undefined;
}

/** A step of a flexible match: phrase words [p, nextP) placed at transcript words [t, nextT). */
interface FlexibleStep {
  nextP: number;
  nextT: number;
}

/**
 * The flexible matcher's search: `first` is the first transcript position where the phrase can start
 * (undefined: nowhere); `step(p, t)` the move the matcher makes from phrase word p placed at t, once it is
 * known that the rest matches from there. One search, memoised; matchFlexible only asks for `first`.
 */
function flexibleSearch(
  phrase: readonly PreparedWord[],
  text: PreparedText,
): {
  first: number | undefined;
  step: (p: number, t: number) => FlexibleStep;
  continueAt: (p: number, t: number) => number;
} | null {
  const words = text.words;
  const m = phrase.length;
  const n = words.length;
  if (m === 0 || n === 0) return null;
  // memo[p * (n + 1) + t]: can phrase[p..] be matched with phrase[p] placed at words[t]? (0 unknown, 1 yes, 2 no)
  const memo = new Uint8Array((m + 1) * (n + 1));
  const ids = text.ids;
  const rows = phrase.map((word) => (word.digits ? null : matchRow(word, text)));
  const phraseJoined = phrase.map((word, p) => (p + 1 < m ? joinWords(word, phrase[p + 1]) : ''));
  const phraseJoinedStems: (string | undefined)[] = [];
  const phraseJoinedStem = (p: number): string => {
    phraseJoinedStems[p] ??= stem(phraseJoined[p]);
    return phraseJoinedStems[p];
  };

  const continueFrom = (p: number, t: number): boolean => {
    if (p === m) return true;
    for (let gap = 0; gap <= MAX_FLEXIBLE_GAP && t + gap < n; gap++) {
      if (placeAt(p, t + gap)) return true;
    }
    return false;
  };

  const tryPlace = (p: number, t: number): boolean => {
    const word = phrase[p];
    if (word.digits) {
      const span = digitSpan(word, words, t);
      return span > 0 && continueFrom(p + 1, t + span);
    }
    if (rows[p]?.[ids[t]] === 1 && continueFrom(p + 1, t + 1)) return true;
    if (joinedEquals(text.joined[t], word, () => transcriptJoinedStem(text, t))) {
      if (continueFrom(p + 1, t + 2)) return true;
    }
    if (p + 1 < m) {
      if (joinedEquals(phraseJoined[p], words[t], () => phraseJoinedStem(p))) return continueFrom(p + 2, t + 1);
    }
    return false;
  };

  const placeAt = (p: number, t: number): boolean => {
    const slot = p * (n + 1) + t;
    if (memo[slot] === 0) memo[slot] = tryPlace(p, t) ? 1 : 2;
    return memo[slot] === 1;
  };

  /** Where continueFrom(p, t) places phrase word p (the first gap that works); -1 when p === m or none. */
  const continueAt = (p: number, t: number): number => {
    if (p === m) return -1;
    for (let gap = 0; gap <= MAX_FLEXIBLE_GAP && t + gap < n; gap++) if (placeAt(p, t + gap)) return t + gap;
    return -1;
  };

  /** The branch tryPlace took at (p, t), in its order (call only where placeAt(p, t) holds). */
  const step = (p: number, t: number): FlexibleStep => {
    const word = phrase[p];
    if (word.digits) return { nextP: p + 1, nextT: t + digitSpan(word, words, t) };
    if (rows[p]?.[ids[t]] === 1 && continueFrom(p + 1, t + 1)) return { nextP: p + 1, nextT: t + 1 };
    if (joinedEquals(text.joined[t], word, () => transcriptJoinedStem(text, t)) && continueFrom(p + 1, t + 2))
      return { nextP: p + 1, nextT: t + 2 };
    return { nextP: p + 2, nextT: t + 1 };
  };

  let first: number | undefined;
  for (let t = 0; t < n; t++) {
    if (placeAt(0, t)) {
      first = t;
      break;
    }
  }
  return { first, step, continueAt };
}

/** The transcript word positions a flexible match covers (its first place), null when none. */
function flexiblePlace(phrase: readonly PreparedWord[], text: PreparedText): number[] | null {
  const search = flexibleSearch(phrase, text);
  if (search?.first === undefined) return null;
  const positions: number[] = [];
  let p = 0;
  let t = search.first;
  while (p < phrase.length && t >= 0) {
    const { nextP, nextT } = search.step(p, t);
    positions.push(...range(t, nextT));
    p = nextP;
    t = search.continueAt(p, nextT);
  }
  return positions;
}

export function matchPhrase(phrase: readonly PreparedWord[], text: PreparedText, phrasing: Phrasing): boolean {
  return phrasing === 'strict' ? matchStrict(phrase, text) : matchFlexible(phrase, text);
}

/**
 * matchPhrase that tells where: the positions (indices into `text.words`, ascending) of the transcript words
 * the phrase's first match covers — with flexible phrasing only the matched words, not the words of a gap —
 * or null when the phrase does not match. Matches exactly when matchPhrase does.
 */
export function matchPhrasePositions(
  phrase: readonly PreparedWord[],
  text: PreparedText,
  phrasing: Phrasing,
): number[] | null {
  return phrasing === 'strict' ? strictPlace(phrase, text) : flexiblePlace(phrase, text);
}

/** Convenience for one-off checks and tests: does `phrase` occur in `transcript`? */
export function phraseMatches(phrase: string, transcript: string, phrasing: Phrasing): boolean {
  return matchPhrase(preparePhrase(tokenise(phrase)), prepareText(transcript), phrasing);
}
