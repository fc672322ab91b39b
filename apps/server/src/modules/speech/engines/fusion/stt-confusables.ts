import { numberWords, ordinalWords, spokenForm } from '../stt-text';
import { DAYS, MONTHS } from './stt-fact-words';
import { placesOf } from './stt-line-target';

/**
 * The confusable alternatives of a keyword's facts (issue 30, "no credit for a fact not said"): for each word
 * of a keyword phrase that states a fact (a number, an ordinal, a day, a month, a product tier, a name), the
 * words a learner could say in its place that would make the fact wrong and that sound close enough to be
 * mistaken for it. pocketsphinx's biased language model weighs these beside the keyword at its place in the
 * line (stt-lm.ts; CLOSED_CLASS_WEIGHT, SOUND_ALIKE.weight), so that the acoustics, not the line's bias
 * alone, decide which was said.
 */

const UNITS = Array.from({ length: 13 }, (_, n) => numberWords(n)[0]); // zero … twelve
const TEENS = Array.from({ length: 7 }, (_, k) => numberWords(13 + k)[0]); // thirteen … nineteen
const TENS = Array.from({ length: 8 }, (_, k) => numberWords(20 + 10 * k)[0]); // twenty … ninety
const ORDINAL_UNITS = Array.from({ length: 12 }, (_, n) => ordinalWords(n + 1)[0]); // first … twelfth
const ORDINAL_TEENS = Array.from({ length: 7 }, (_, k) => ordinalWords(13 + k)[0]);
const ORDINAL_TENS = Array.from({ length: 8 }, (_, k) => ordinalWords(20 + 10 * k)[0]);

/**
 * The names product tiers and plans are commonly given in call centres (a closed class like days: "Gold" is
 * as plausible a wrong answer for "Silver" as "Tuesday" for "Thursday", though they do not sound alike).
 */
export const TIER_WORDS = [
  'basic',
  'bronze',
  'silver',
  'gold',
  'platinum',
  'diamond',
  'standard',
  'starter',
  'essential',
  'essentials',
  'plus',
  'pro',
  'premium',
  'premier',
  'advanced',
  'business',
  'enterprise',
  'unlimited',
  'family',
  'lite',
  'max',
  'ultimate',
  'deluxe',
  'classic',
  'value',
  'select',
  'elite',
];

/** Titles before a name: not names themselves. */
const TITLES = new Set(['doctor', 'mister', 'missus', 'miss', 'ms', 'mr', 'mrs', 'dr', 'nurse', 'sir', 'madam', 'i']);
/** Abbreviations whose full stop ends no sentence ("Dr. Patel"). */
const ABBREVIATIONS = new Set(['dr', 'mr', 'mrs', 'ms', 'st', 'prof']);

/** The other words of a closed class of facts that a word belongs to, or undefined. */
export function factAlternatives(word: string): string[] | undefined {
  const others = (list: readonly string[]) => list.filter((w) => w !== word);
  const pair = (from: readonly string[], to: readonly string[], offset = 0) => {
    const at = from.indexOf(word);
    return at >= 0 && to[at + offset] ? [to[at + offset]] : [];
  };
  const around = (list: readonly string[]) => {
    const at = list.indexOf(word);
    return [list[at - 1], list[at + 1]].filter((w): w is string => Boolean(w));
  };
  if (word === 'oh') return others(UNITS);
  if (UNITS.includes(word)) {
    // any other small number (digits, hours), and its teen and -ty ("four": "fourteen", "forty")
    const n = UNITS.indexOf(word);
    return [...others(UNITS), ...(n >= 3 && n <= 9 ? [TEENS[n - 3], TENS[n - 2]] : n === 2 ? ['twenty'] : [])];
  }
  if (TEENS.includes(word))
    return unique([...pair(TEENS, TENS, 1), ...around([...UNITS, ...TEENS]), ...pair(TEENS, UNITS, 3)]);
  if (TENS.includes(word)) return unique([...pair(TENS, TEENS, -1), ...around(TENS), ...pair(TENS, UNITS, 2)]);
  if (ORDINAL_UNITS.includes(word)) {
    const n = ORDINAL_UNITS.indexOf(word) + 1;
    return [
      ...others(ORDINAL_UNITS),
      ...(n >= 3 && n <= 9 ? [ORDINAL_TEENS[n - 3], ORDINAL_TENS[n - 2]] : n === 2 ? ['twentieth'] : []),
    ];
  }
  if (ORDINAL_TEENS.includes(word)) {
    return unique([
      ...pair(ORDINAL_TEENS, ORDINAL_TENS, 1),
      ...around([...ORDINAL_UNITS, ...ORDINAL_TEENS]),
      ...pair(ORDINAL_TEENS, ORDINAL_UNITS, 2),
    ]);
  }
  if (ORDINAL_TENS.includes(word)) {
    return unique([
      ...pair(ORDINAL_TENS, ORDINAL_TEENS, -1),
      ...around(ORDINAL_TENS),
      ...pair(ORDINAL_TENS, ORDINAL_UNITS, 1),
    ]);
  }
  if (DAYS.includes(word)) return others(DAYS);
  if (MONTHS.includes(word)) return others(MONTHS);
  return undefined;
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}

/**
 * The words written with a capital inside a sentence (not after . ! ? or at the start): names of people and
 * products ("Doctor Patel", "the Plus tier"), lower-cased. Titles are left out.
 */
export function properNouns(text: string): Set<string> {
  const out = new Set<string>();
  const normalised = text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'");
  const re = /[.!?]+|[\p{L}][\p{L}'-]*/gu;
  let first = true;
  let previous = '';
  for (const m of normalised.matchAll(re)) {
    const token = m[0];
    if (/^[.!?]+$/.test(token)) {
      if (!(token === '.' && ABBREVIATIONS.has(previous))) first = true;
      continue;
    }
    const word = token.toLowerCase();
    if (!first && /^\p{Lu}/u.test(token) && !TITLES.has(word)) out.add(word);
    first = false;
    previous = word;
  }
  return out;
}

const VOWELS = new Set('AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW'.split(' '));
const CLASSES = [
  ['M', 'N', 'NG'],
  ['P', 'B', 'T', 'D', 'K', 'G'],
  ['F', 'V', 'TH', 'DH', 'S', 'Z', 'SH', 'ZH', 'HH'],
  ['CH', 'JH'],
  ['L', 'R', 'W', 'Y'],
];
const CLASS_OF = new Map(CLASSES.flatMap((c, k) => c.map((p) => [p, k] as const)));

/** Cost of saying phone `b` for `a`: half for a vowel for a vowel or a consonant of the same manner. */
function substitution(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.5;
  const ka = CLASS_OF.get(a);
  return ka !== undefined && ka === CLASS_OF.get(b) ? 0.5 : 1;
}

/** Weighted edit distance between two phone strings (stress marks ignored), stopping early above `limit`. */
export function phoneDistance(a: readonly string[], b: readonly string[], limit = Number.POSITIVE_INFINITY): number {
  return codeDistance(encode(a), encode(b), limit);
}

/** The phones as small numbers (PHONES order; an unknown phone gets a number of its own), for the scan. */
const PHONES = [...VOWELS, ...CLASSES.flat()];
const PHONE_CODE = new Map(PHONES.map((p, k) => [p, k]));
function encode(phones: readonly string[]): Uint8Array {
  return Uint8Array.from(phones, (p) => PHONE_CODE.get(p) ?? PHONES.length);
}
/** substitution() of every pair of phone codes (the last code: a phone of no class) */
const SIZE = PHONES.length + 1;
const COST = new Float64Array(SIZE * SIZE);
for (let x = 0; x < SIZE; x++) {
  for (let y = 0; y < SIZE; y++) {
    COST[x * SIZE + y] =
      x === y ? 0 : x === PHONES.length || y === PHONES.length ? 1 : substitution(PHONES[x], PHONES[y]);
  }
}
const rows = [new Float64Array(64), new Float64Array(64)];

function codeDistance(a: Uint8Array, b: Uint8Array, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Number.POSITIVE_INFINITY;
  if (b.length >= 63) return Number.POSITIVE_INFINITY;
  let previous = rows[0];
  let row = rows[1];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const base = a[i - 1] * SIZE;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + COST[base + b[j - 1]]);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return Number.POSITIVE_INFINITY;
    [previous, row] = [row, previous];
  }
  return previous[b.length];
}

export function phonesOf(pronunciation: string): string[] {
  return pronunciation
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.replace(/\d$/, ''));
}

/**
 * How far a sound-alike may be (phoneDistance), how many are kept (the nearest, then the commonest), its
 * weight in the language model beside the name it competes with, and for how many names of one line they are
 * looked for (each is a scan of the dictionary on the server's thread: 50-150 ms; a line of 200 keywords must
 * not hold it for half a minute).
 */
export const SOUND_ALIKE = { maxDistance: 2, count: 12, weight: 0.25, namesPerLine: 6 } as const;

/**
 * The weight of a closed class's other members (numbers, ordinals, days, months, tiers) beside the keyword's
 * fact: half as likely as the line's own word. Calibrated on the near-miss set (bench/speech/near-miss):
 * at 1 (the acoustics alone decide) the swapped keyword was credited in 2.5% of near misses but right answers
 * lost 4.8 points of recall in noise and on the telephone band; see docs/decisions.md.
 */
export const CLOSED_CLASS_WEIGHT = 0.5;

/**
 * The dictionary's words that sound close to `word` but are other words: within SOUND_ALIKE.maxDistance of
 * one of its pronunciations, never the same sound (a homophone cannot be told apart), never the word with an
 * ending added ("patels", "patel's"). `rank`: a word's place among the common words (lower first), if any.
 */
export function soundAlikes(
  word: string,
  dict: ReadonlyMap<string, readonly string[]>,
  rank: (word: string) => number = () => Number.POSITIVE_INFINITY,
  allowed: (word: string) => boolean = () => true,
): string[] {
  const own = (dict.get(word) ?? []).map(phonesOf).map((p) => ({ codes: encode(p), skeleton: consonants(p) }));
  if (!own.length) return [];
  const found: { word: string; distance: number; rank: number }[] = [];
  for (const entry of phoneIndex(dict)) {
    const other = entry.word;
    if (other === word || other.startsWith(word) || word.startsWith(other)) continue;
    let distance = Number.POSITIVE_INFINITY;
    for (const pron of entry.prons) {
      for (const mine of own) {
        const d = codeDistance(mine.codes, pron.codes, SOUND_ALIKE.maxDistance);
        // the same consonants: an accent's vowels or a voicing lost in noise ("Hanley" / "Henley", "Sarah" /
        // "Zera"), not another name
        if (d <= SOUND_ALIKE.maxDistance && mine.skeleton === pron.skeleton) distance = 0;
        else distance = Math.min(distance, d);
      }
    }
    if (distance > 0 && distance <= SOUND_ALIKE.maxDistance && allowed(other)) {
      found.push({ word: other, distance, rank: rank(other) });
    }
  }
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank || a.word.localeCompare(b.word));
  return found.slice(0, SOUND_ALIKE.count).map((f) => f.word);
}

/** Voiced consonants → their voiceless pair: voicing is the first thing noise and a phone line take away. */
const DEVOICED: Record<string, string> = { B: 'P', D: 'T', G: 'K', V: 'F', DH: 'TH', Z: 'S', ZH: 'SH', JH: 'CH' };

/** A pronunciation's consonants, voicing ignored: two words alike here differ only by accent or by noise. */
function consonants(phones: readonly string[]): string {
  return phones
    .filter((p) => !VOWELS.has(p))
    .map((p) => DEVOICED[p] ?? p)
    .join(' ');
}

/** The dictionary's plain words with their phones, split once per dictionary. */
interface IndexedWord {
  word: string;
  prons: { codes: Uint8Array; skeleton: string }[];
}
const phoneIndexes = new WeakMap<object, IndexedWord[]>();
function phoneIndex(dict: ReadonlyMap<string, readonly string[]>): IndexedWord[] {
  let index = phoneIndexes.get(dict);
  if (!index) {
    index = [];
    for (const [word, prons] of dict) {
      if (!/^[a-z]+$/.test(word)) continue;
      index.push({ word, prons: prons.map(phonesOf).map((p) => ({ codes: encode(p), skeleton: consonants(p) })) });
    }
    phoneIndexes.set(dict, index);
  }
  return index;
}

/** A copy of the expected line's words around one fact word, with a confusable alternative in its place. */
export interface CompetitorWindow {
  /** up to two words either side of the swapped word, with the sentence marks at the line's ends */
  words: string[];
  /** the index in `words` of the alternative */
  at: number;
  /** the word of the line it replaces */
  original: string;
  /** its weight in the language model, as a share of the original's (1: as likely) */
  weight: number;
}

export interface ConfusableSource {
  /** the expected line's spoken words, between sentence marks (`<s>` … `</s>`) or bare (a keyword phrase) */
  words: readonly string[];
  /** the indexes in `words` of the keyword phrases' words */
  keywordIndexes: Iterable<number>;
  /** which words are names (properNouns) */
  names: ReadonlySet<string>;
  /** the words that keep a keyword right where they stand (its other alternatives): never competitors */
  keep?: ReadonlySet<string>;
}

/**
 * The competitor windows of a line: for each keyword word that is a fact (factAlternatives), a tier name or
 * a name, one window per alternative. `alikes(word)`: the word's sound-alikes (soundAlikes on the
 * dictionary); `known(word)`: whether the recogniser can say it.
 */
export function competitorWindows(
  source: ConfusableSource,
  alikes: (word: string) => string[],
  known: (word: string) => boolean,
): CompetitorWindow[] {
  const out: CompetitorWindow[] = [];
  const { words } = source;
  for (const i of new Set(source.keywordIndexes)) {
    const word = words[i];
    if (!word) continue;
    const facts = factAlternatives(word);
    const closed = facts ?? (source.names.has(word) && TIER_WORDS.includes(word) ? TIER_WORDS : []);
    const sounding = facts || !source.names.has(word) ? [] : alikes(word).filter((w) => !closed.includes(w));
    const alternatives = [
      ...unique(closed).map((w) => ({ w, weight: CLOSED_CLASS_WEIGHT })),
      ...unique(sounding).map((w) => ({ w, weight: SOUND_ALIKE.weight })),
    ];
    for (const { w: alternative, weight } of alternatives) {
      if (alternative === word || source.keep?.has(alternative) || !known(alternative)) continue;
      // up to two words either side, as far as the recogniser can say them
      let from = i;
      while (from > Math.max(0, i - 2) && sayable(words[from - 1], known)) from--;
      let to = i + 1;
      while (to < Math.min(words.length, i + 3) && sayable(words[to], known)) to++;
      const window = words.slice(from, to).map((w, k) => (from + k === i ? alternative : w));
      out.push({ words: window, at: i - from, original: word, weight });
    }
  }
  return out;
}

const SENTENCE_MARKS = new Set(['<s>', '</s>']);

function sayable(word: string, known: (word: string) => boolean): boolean {
  return SENTENCE_MARKS.has(word) || known(word);
}

/** Every word written with a capital (a keyword entry said on its own: "Plus tier"), titles left out. */
function capitalised(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(/[\p{L}][\p{L}'-]*/gu)) {
    const word = m[0].toLowerCase();
    if (/^\p{Lu}/u.test(m[0]) && !TITLES.has(word)) out.add(word);
  }
  return out;
}

/**
 * The competitor windows of a line's hints: each keyword entry's facts at its place in the expected line
 * (between sentence marks), or, for an entry the line does not say (or hints without a line), in each of its
 * phrases on their own. An entry's own alternatives ("fifteen dollars|$15") never compete with it.
 */
export function lineCompetitors(
  hints: { expected?: string; keywords?: readonly string[] },
  alikesOf: (word: string) => string[],
  known: (word: string) => boolean,
): CompetitorWindow[] {
  const looked = new Set<string>();
  const alikes = (word: string) => {
    if (!looked.has(word) && looked.size >= SOUND_ALIKE.namesPerLine) return [];
    looked.add(word);
    return alikesOf(word);
  };
  const expected = hints.expected?.trim() ? spokenForm(hints.expected).words : [];
  const line = ['<s>', ...expected, '</s>'];
  // names: capitalised inside the line, or inside a keyword entry after its first word ("Doctor Patel")
  const lineNames = new Set([
    ...(hints.expected ? properNouns(hints.expected) : []),
    ...(hints.keywords ?? []).flatMap((k) =>
      String(k)
        .split(/[|&]/)
        .flatMap((part) => [...properNouns(part)]),
    ),
  ]);
  const out: CompetitorWindow[] = [];
  for (const entry of hints.keywords ?? []) {
    const parts = String(entry)
      .split(/[|&]/)
      .map((part) => ({ text: part, words: spokenForm(part).words }))
      .filter((p) => p.words.length > 0);
    const places = placesOf([String(entry)], expected);
    const placed = parts.find((p) => places.has(p.words.join(' ')));
    const place = placed && places.get(placed.words.join(' '));
    // another reading of the entry ("$15" for "fifteen dollars") keeps it right: its words never compete
    const keep = new Set(parts.filter((p) => p !== placed).flatMap((p) => p.words));
    for (const w of placed?.words ?? []) keep.delete(w);
    if (place) {
      const [from, to] = place;
      const indexes = Array.from({ length: to - from }, (_, k) => from + k + 1);
      out.push(...competitorWindows({ words: line, keywordIndexes: indexes, names: lineNames, keep }, alikes, known));
      continue;
    }
    const said = new Set<string>();
    for (const part of parts) {
      // "Doctor Patel|Dr Patel": one reading said twice
      const key = part.words.join(' ');
      if (said.has(key)) continue;
      said.add(key);
      const names = new Set([...lineNames, ...capitalised(part.text)]);
      const indexes = part.words.map((_, k) => k);
      out.push(...competitorWindows({ words: part.words, keywordIndexes: indexes, names, keep }, alikes, known));
    }
  }
  return out;
}
