import { normalise } from '@sim/shared';
import { spokenForm } from '../stt-text';
import type { LatticePhraseScore } from './stt-decoder';

/**
 * Keyword search beyond the 1-best transcript (issue 14): each keyword alternative of the line is looked
 * for in the final decode's word lattice (psdecode --phrases), in its place in the expected line (with the
 * words around it), and accepted when the weakest word of that chain has a posterior of at least a
 * threshold. The accepted ones are reported as `Transcript.spotted`, in the grader's normalisation, so that
 * gradeLine counts the alternative as found; the transcript is left as decoded.
 *
 * Calibrated on the robustness bench's development set (bench/speech/robustness/calibrate.ts over a run of
 * digital silence, pink noise 10 dB and babble 10 dB, 7 voices, each wrong answer in 4 voices: 468 keyword
 * entries of wrong answers). The 1-best transcript alone found 13 of them (2.8%). The phrase in its place
 * in the line adds recall where the 1-best misses a word: posterior ≥ 0.2 +4.0 points of recall for 3 more
 * false keywords (3.4%), ≥ 0.3 +2.9 points for 1 more (3.0%), ≥ 0.5 +1.0 point for none. The bare phrase
 * anywhere in the lattice adds false keywords faster than right ones (≥ 0.7: +0.4 points for 4 more, mostly
 * in babble), so it is not searched by default. The threshold is 0.3: the most recall with false keywords
 * on wrong answers at the goal of 3% (issue 14) and no wrong answer passing a line.
 */
export interface KeywordPhrase {
  /** the phrase in the recogniser's words ("twelve dollars") */
  spoken: string;
  /** the keyword alternative as the grader normalises it ("12 dollars") */
  normalised: string;
  /**
   * the phrase with the words around it in the expected line ("of twelve dollars on"), when the line says
   * it: found in the lattice in its place in the line, it is far less likely to be a chance match
   */
  inLine?: string;
}

/** At most this many phrases are searched for in one decode (psdecode reads 512 sequences: each phrase twice). */
export const MAX_PHRASES = 256;

/**
 * The phrases to search for: every alternative (`|`) or part (`&`) of every keyword entry, in its spoken
 * form, when all its words can be pronounced (`known`). Duplicates are dropped.
 */
export function keywordPhrases(
  keywords: readonly string[],
  known: (word: string) => boolean,
  /** the expected line's words (spoken form) */
  line: readonly string[] = [],
): KeywordPhrase[] {
  const out = new Map<string, KeywordPhrase>();
  const lineWords = line.filter(known);
  for (const entry of keywords) {
    for (const part of String(entry).split(/[|&]/)) {
      const normalised = normalise(part);
      const words = spokenForm(part).words;
      if (!normalised || words.length === 0 || !words.every(known)) continue;
      const spoken = words.join(' ');
      if (out.has(spoken) || out.size >= MAX_PHRASES) continue;
      const at = indexOfWords(lineWords, words);
      const inLine = at < 0 ? undefined : lineWords.slice(Math.max(0, at - 1), at + words.length + 1).join(' ');
      out.set(spoken, inLine && inLine !== spoken ? { spoken, normalised, inLine } : { spoken, normalised });
    }
  }
  return [...out.values()];
}

function indexOfWords(haystack: readonly string[], needle: readonly string[]): number {
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((w, j) => haystack[i + j] === w)) return i;
  }
  return -1;
}

/** The word sequences to score in the lattice (psdecode --phrases): the phrases in their place in the line, and bare when `bare`. */
export function searchedSequences(phrases: readonly KeywordPhrase[], bare: boolean): string[] {
  return [...new Set(phrases.flatMap((p) => [...(bare ? [p.spoken] : []), ...(p.inLine ? [p.inLine] : [])]))];
}

export interface SpotSettings {
  /** a phrase is accepted when its weakest word in its place in the line (with the words around it) has a posterior of at least this (0..1] */
  inLinePosterior: number;
  /** or when the bare phrase anywhere in the lattice reaches this; undefined: not searched */
  latticePosterior?: number;
}

/** Calibrated on the development set of the robustness bench (bench/speech/robustness/corpus-dev.ts), see above. */
export const DEFAULT_SPOTTING: Readonly<SpotSettings> = { inLinePosterior: 0.3 };

/** The normalised keyword alternatives accepted from the lattice scores (each once, in the order of `phrases`). */
export function acceptedPhrases(
  phrases: readonly KeywordPhrase[],
  scores: readonly LatticePhraseScore[] | undefined,
  settings: SpotSettings,
): string[] {
  return searchedPhrases(phrases, scores, settings).map((p) => p.normalised);
}

/** acceptedPhrases with each one's confidence: the posterior (0..1) of the sequence that reached its threshold. */
export function searchedPhrases(
  phrases: readonly KeywordPhrase[],
  scores: readonly LatticePhraseScore[] | undefined,
  settings: SpotSettings,
): { normalised: string; confidence: number }[] {
  if (!scores?.length) return [];
  const post = new Map(scores.map((s) => [s.phrase, s.post]));
  const reached = (sequence: string | undefined, threshold: number | undefined): number | undefined => {
    if (sequence === undefined || threshold === undefined) return undefined;
    const p = post.get(sequence) ?? -Infinity;
    return p >= Math.log(threshold) ? Math.exp(p) : undefined;
  };
  const accepted = new Map<string, number>();
  for (const phrase of phrases) {
    const confidence = Math.max(
      reached(phrase.spoken, settings.latticePosterior) ?? -1,
      reached(phrase.inLine, settings.inLinePosterior) ?? -1,
    );
    if (confidence >= 0 && confidence > (accepted.get(phrase.normalised) ?? -1)) {
      accepted.set(phrase.normalised, confidence);
    }
  }
  return [...accepted].map(([normalised, confidence]) => ({ normalised, confidence }));
}
