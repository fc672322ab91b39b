/**
 * The Porter stemmer (M. F. Porter, 1980), written out here so the module has no dependency:
 * "billing" → "bill", "refunded" → "refund", "eligibility" and "eligible" → "elig".
 * Flexible phrasing treats two words with the same stem as the same word.
 * As in Porter2, "gener", "commun" and "arsen" count as one syllable block so that "general" / "generic"
 * and "community" / "communication" keep different stems.
 */

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel–consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

const PROTECTED_PREFIXES = ['gener', 'commun', 'arsen'];

/** The measure used by the rules: a protected prefix counts as m = 1. */
function measureOf(word: string): (stem: string) => number {
  const prefix = PROTECTED_PREFIXES.find((p) => word.startsWith(p));
  if (prefix === undefined) return measure;
  return (stem) => (stem.startsWith(prefix) ? 1 + measure(stem.slice(prefix.length)) : measure(stem));
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** consonant–vowel–consonant at the end, the last consonant not w, x or y ("hop", not "how"). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  if (!isConsonant(word, n - 3) || isConsonant(word, n - 2) || !isConsonant(word, n - 1)) return false;
  const last = word[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

/** Replaces the longest listed suffix when the remaining stem satisfies `condition`. */
function replaceSuffix(
  word: string,
  rules: readonly (readonly [string, string])[],
  condition: (stem: string, suffix: string) => boolean,
): string {
  let best: readonly [string, string] | null = null;
  for (const rule of rules) {
    if (word.endsWith(rule[0]) && (best === null || rule[0].length > best[0].length)) best = rule;
  }
  if (best === null) return word;
  const stem = word.slice(0, word.length - best[0].length);
  return condition(stem, best[0]) ? stem + best[1] : word;
}

const STEP2: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4: readonly (readonly [string, string])[] = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
].map((suffix) => [suffix, ''] as const);

function step1ab(word: string, measure: (stem: string) => number): string {
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);

  if (w.endsWith('eed')) {
    return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  }
  const suffix = w.endsWith('ed') ? 'ed' : w.endsWith('ing') ? 'ing' : null;
  if (suffix === null) return w;
  const stem = w.slice(0, w.length - suffix.length);
  if (!hasVowel(stem)) return w;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word.slice(0, -1)) ? `${word.slice(0, -1)}i` : word;
}

function step5(word: string, measure: (stem: string) => number): string {
  let w = word;
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && w.endsWith('ll')) w = w.slice(0, -1);
  return w;
}

/** The Porter stem of one lower-case word; words of one or two letters and numbers are kept as they are. */
export function stem(word: string): string {
  if (word.length <= 2 || /\d/.test(word)) return word;
  const m = measureOf(word);
  let w = step1c(step1ab(word, m));
  w = replaceSuffix(w, STEP2, (s) => m(s) > 0);
  w = replaceSuffix(w, STEP3, (s) => m(s) > 0);
  w = replaceSuffix(w, STEP4, (s, suffix) => m(s) > 1 && (suffix !== 'ion' || /[st]$/.test(s)));
  return step5(w, m);
}
