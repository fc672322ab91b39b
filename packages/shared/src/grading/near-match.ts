/**
 * Near words for flexible phrasing: a recogniser's slip or a spelling variant ("authorisation" /
 * "authorization", "colour" / "color", "deductable" / "deductible", "advise" / "advice").
 * Deliberately narrow, because a near match on a wrong answer is a false keyword:
 * - both words have at least NEAR_MATCH_MIN_LENGTH (5) letters and no digits (numbers match exactly);
 * - they sound alike (same Metaphone key) AND are close in spelling: at most 1 edit, or 2 edits when the
 *   longer word has NEAR_MATCH_LONG_WORD (8) letters or more;
 * - in words shorter than 8 letters the one edit must be a letter added or dropped ("colour" / "color")
 *   or a swap of letters that spell the same sound: s/z, c/s, c/k, k/q ("analyse" / "analyze",
 *   "licence" / "license"). So "bills" / "balls", "policy" / "police", "glass" / "class",
 *   "medal" / "metal" and "trail" / "trial" stay different.
 */
import { NEAR_MATCH_LONG_WORD, NEAR_MATCH_MIN_LENGTH } from './constants';
import { metaphone } from './phonetic';

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Letters that spell the same sound in English spelling variants. */
const SAME_SOUND = new Set(['sz', 'zs', 'cs', 'sc', 'ck', 'kc', 'kq', 'qk']);

/** For a one-edit pair of short words: is the edit a letter added / dropped or a same-sound swap? */
function isSpellingVariant(a: string, b: string): boolean {
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return SAME_SOUND.has(a[i] + b[i]) && a.slice(i + 1) === b.slice(i + 1);
  }
  return false;
}

/** The most edits a near match may have for words of this (longer) length. */
export function maxNearEdits(longerLength: number): number {
  return longerLength >= NEAR_MATCH_LONG_WORD ? 2 : 1;
}

/** A word as the near-match test needs it; `code` is its Metaphone key (worked out once by the caller). */
export interface NearWordInput {
  text: string;
  numeric: boolean;
  code: string;
}

/** The near-match test on words whose Metaphone keys are known (cheap checks first). */
export function nearWords(a: NearWordInput, b: NearWordInput): boolean {
  if (a.text === b.text) return true;
  if (a.numeric || b.numeric) return false;
  if (Math.min(a.text.length, b.text.length) < NEAR_MATCH_MIN_LENGTH) return false;
  const longer = Math.max(a.text.length, b.text.length);
  const maxEdits = maxNearEdits(longer);
  if (Math.abs(a.text.length - b.text.length) > maxEdits) return false;
  if (a.code !== b.code) return false;
  if (editDistance(a.text, b.text) > maxEdits) return false;
  return longer >= NEAR_MATCH_LONG_WORD || isSpellingVariant(a.text, b.text);
}

/** Do two normalised words count as the same word by sound and spelling (rules above)? */
export function isNearWord(a: string, b: string): boolean {
  const input = (text: string): NearWordInput => {
    const numeric = /\d/.test(text);
    return { text, numeric, code: numeric ? '' : metaphone(text) };
  };
  return nearWords(input(a), input(b));
}
