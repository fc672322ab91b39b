import type { BiasedModel } from '../pocketsphinx/stt-models';
import { type KeywordPhrase, keywordPhrases } from '../pocketsphinx/stt-spot';
import { spokenForm } from '../stt-text';

/**
 * A line compiled once for recognition and fusion (issue 30): the expected line's spoken words, its keyword
 * phrases (every alternative or part of every entry, in the recogniser's words) and where each phrase is
 * said in the line. A phrase that the line does not say itself (an alternative: "late fee" for "late
 * payment charge") takes the place of a sibling alternative of its entry that the line says.
 */
export interface LineTarget {
  /** the expected line's spoken words */
  expected: string[];
  phrases: KeywordPhrase[];
  /** phrase (spoken) → its place in `expected`, [from, to) */
  places: Map<string, [number, number]>;
  /** pocketsphinx's biased language model of the line (stt-pocketsphinx-engine.ts compiles it) */
  model?: BiasedModel;
}

export function compileLine(
  hints: { expected?: string; keywords?: readonly string[] },
  known: (word: string) => boolean = () => true,
): LineTarget {
  const expected = hints.expected?.trim() ? spokenForm(hints.expected).words : [];
  const keywords = hints.keywords ?? [];
  const phrases = keywordPhrases(keywords, known, expected);
  return { expected, phrases, places: placesOf(keywords, expected) };
}

/** Each keyword phrase's place in the expected line (see LineTarget). */
export function placesOf(keywords: readonly string[], expected: readonly string[]): Map<string, [number, number]> {
  const places = new Map<string, [number, number]>();
  for (const entry of keywords) {
    const alternatives = String(entry).includes('|');
    const parts = String(entry)
      .split(/[|&]/)
      .map((part) => spokenForm(part).words)
      .filter((words) => words.length > 0);
    const own = parts.map((words) => {
      const at = indexOfWords(expected, words);
      return at < 0 ? undefined : ([at, at + words.length] as [number, number]);
    });
    const shared = alternatives ? own.find(Boolean) : undefined;
    parts.forEach((words, k) => {
      const place = own[k] ?? shared;
      const key = words.join(' ');
      if (place && !places.has(key)) places.set(key, place);
    });
  }
  return places;
}

export function indexOfWords(haystack: readonly string[], needle: readonly string[]): number {
  if (!needle.length) return -1;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((w, j) => haystack[i + j] === w)) return i;
  }
  return -1;
}
