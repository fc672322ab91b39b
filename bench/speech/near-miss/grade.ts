import { LINE_GATE, lineHeard } from '../../../apps/server/src/modules/speech/engines/fusion/stt-combine';
import { spokenText } from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import {
  acceptedPhrases,
  DEFAULT_SPOTTING,
  keywordPhrases,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import type { DecodeStats } from '../../../apps/server/src/modules/speech/engines/recognizer';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import type { TranscriptWord } from '../../../apps/server/src/modules/speech/engines/types';
import type { GradeLineResult } from '../../../packages/shared/src/grading/index';
import { gradeAsProduct } from '../robustness/regrade-tally';

/**
 * Grading of the near-miss bench (run.ts), importable so that a calibration script can grade the cached
 * decodes again with other settings without decoding (regrade.ts does it from the details file).
 *
 * - `gradeDecoded`: the product's verdict, exactly as Try Test and the attempts grade a learner's line:
 *   gradeLine on the transcript the provider returned, its `spotted` passed on, overalConfidence 60
 *   (robustness/regrade-tally.ts `gradeAsProduct`).
 * - `evidenceOf`: which evidence credits which keyword entry, rebuilt from the provider's raw outputs as
 *   stt-combine.ts puts them together: the transcript's text (Moonshine's plain decode), pocketsphinx's
 *   keyword search (lattice posteriors of the phrases in their place in the line, stt-spot.ts), and, under
 *   the line gate (Moonshine heard at least LINE_GATE of the line), the keyword phrases of pocketsphinx's
 *   biased 1-best and of Moonshine's boosted decode.
 * - `regrade`: gradeLine on the transcript's text with `spotted` rebuilt from the evidence kept by `settings`.
 *   With PRODUCT_SETTINGS it gives the product's verdict for today's engine (run.ts counts the recordings
 *   where it does not: an engine that changed its combination).
 */

/** What the provider returned for one recording (DecodeStats and its transcript), as kept in the details file. */
export interface Decoded {
  /** the transcript's text (the neural recogniser's, when it ran) */
  text: string;
  words: TranscriptWord[];
  /** the transcript's `spotted` (every evidence put together by the product) */
  spotted?: string[];
  /** pocketsphinx's biased 1-best */
  biasedText?: string;
  /** Moonshine's written text, plain decode */
  neuralRaw?: string;
  /** Moonshine's written text with the line's keyword phrases boosted */
  neuralBoostedRaw?: string;
  /** lattice scores (ln posterior) of the searched word sequences */
  phrases?: { phrase: string; post: number }[];
  cpuSeconds: number;
  audioSeconds: number;
  biased: boolean;
  /** any other field of the provider's result or of its transcript (an engine's newer evidence), kept as it came */
  more?: Record<string, unknown>;
  transcriptMore?: Record<string, unknown>;
}

export function decodedOf(stats: DecodeStats): Decoded {
  const { transcript, cpuSeconds, audioSeconds, biased, phrases, biasedText, neuralRaw, neuralBoostedRaw, ...more } =
    stats;
  const { text, words, spotted, ...transcriptMore } = transcript;
  return {
    text,
    words,
    ...(spotted ? { spotted } : {}),
    ...(biasedText !== undefined ? { biasedText } : {}),
    ...(neuralRaw !== undefined ? { neuralRaw } : {}),
    ...(neuralBoostedRaw !== undefined ? { neuralBoostedRaw } : {}),
    ...(phrases ? { phrases } : {}),
    cpuSeconds,
    audioSeconds,
    biased,
    ...(Object.keys(more).length ? { more } : {}),
    ...(Object.keys(transcriptMore).length ? { transcriptMore } : {}),
  };
}

export interface Line {
  text: string;
  keywords: readonly string[];
}

/** The product's grade of the transcript it returned (robustness/regrade-tally.ts). */
export function gradeDecoded(line: Line, d: Pick<Decoded, 'text' | 'spotted'>): GradeLineResult {
  return gradeAsProduct({ text: d.text, ...(d.spotted ? { spotted: d.spotted } : {}) }, [...line.keywords]);
}

export interface RegradeSettings {
  /** keyword search: weakest word's posterior of a phrase in its place in the line (stt-spot.ts) */
  inLinePosterior: number;
  /** keyword search of the bare phrase anywhere in the lattice; undefined: off (the lattice must hold its scores) */
  latticePosterior?: number;
  /** share of the line Moonshine must have heard for the 1-best and boosted keywords to count */
  gate: number;
  /** the keyword phrases of pocketsphinx's biased 1-best count (under the gate) */
  biasedOneBest: boolean;
  /** the keyword phrases of Moonshine's boosted decode count (under the gate) */
  boosted: boolean;
  /** the keyword search counts */
  search: boolean;
}

/** The settings of today's engine (stt-spot.ts DEFAULT_SPOTTING, stt-combine.ts LINE_GATE). */
export const PRODUCT_SETTINGS: Readonly<RegradeSettings> = {
  ...DEFAULT_SPOTTING,
  gate: LINE_GATE,
  biasedOneBest: true,
  boosted: true,
  search: true,
};

export const EVIDENCE = ['transcript', 'search', 'biased', 'boosted'] as const;
export type EvidenceName = (typeof EVIDENCE)[number];
export const EVIDENCE_LABELS: Record<EvidenceName, string> = {
  transcript: "the transcript's text (Moonshine's plain decode)",
  search: "pocketsphinx's keyword search (lattice)",
  biased: "pocketsphinx's biased 1-best (under the line gate)",
  boosted: "Moonshine's boosted decode (under the line gate)",
};

/** The keyword entries of the line each evidence credits on its own (the gated ones: only when the gate opens). */
export type Evidence = Record<EvidenceName, string[]> & { gateOpen: boolean; heard: number };

export function evidenceOf(line: Line, d: Decoded, s: RegradeSettings = PRODUCT_SETTINGS): Evidence {
  const keywords = [...line.keywords];
  const found = spottedBy(line, d, s);
  const credit = (spotted: string[]) =>
    spotted.length ? gradeAsProduct({ text: '', spotted }, keywords).correctKeywords : [];
  return {
    transcript: gradeAsProduct({ text: d.text }, keywords).correctKeywords,
    search: credit(found.search),
    biased: credit(found.biased),
    boosted: credit(found.boosted),
    gateOpen: found.gateOpen,
    heard: found.heard,
  };
}

/** gradeLine on the transcript's text with `spotted` rebuilt from the evidence `settings` keep. */
export function regrade(
  line: Line,
  d: Decoded,
  s: RegradeSettings = PRODUCT_SETTINGS,
): { graded: GradeLineResult; evidence: Evidence } {
  const found = spottedBy(line, d, s);
  const spotted = [...new Set([...found.search, ...found.biased, ...found.boosted])];
  return { graded: gradeAsProduct({ text: d.text, spotted }, [...line.keywords]), evidence: evidenceOf(line, d, s) };
}

/** The keyword phrases (normalised) each spotting evidence reports, as stt-combine.ts gathers them. */
function spottedBy(line: Line, d: Decoded, s: RegradeSettings) {
  // the phrases the engine searched for and gates on (stt-models.ts; every word counts as pronounceable here:
  // the engine drops a phrase with a word it cannot pronounce, which its biased 1-best cannot hold anyway)
  const phrases = keywordPhrases([...line.keywords], () => true, spokenForm(line.text).words);
  // the keyword phrases the grader finds in a text (stt-combine.ts phrasesIn)
  const phrasesIn = (text: string | undefined) =>
    text?.trim()
      ? gradeAsProduct(
          { text },
          phrases.map((p) => p.normalised),
        ).correctKeywords
      : [];
  const neuralText = d.neuralRaw !== undefined ? spokenText(d.neuralRaw) : undefined;
  const heard = neuralText !== undefined ? lineHeard(line.text, neuralText) : 0;
  const gateOpen = neuralText !== undefined && heard >= s.gate;
  return {
    search: s.search ? acceptedPhrases(phrases, d.phrases, s) : [],
    biased: gateOpen && s.biasedOneBest ? phrasesIn(d.biasedText) : [],
    boosted: gateOpen && s.boosted && d.neuralBoostedRaw !== undefined ? phrasesIn(spokenText(d.neuralBoostedRaw)) : [],
    gateOpen,
    heard,
  };
}
