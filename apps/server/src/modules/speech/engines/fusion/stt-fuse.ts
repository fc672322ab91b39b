import { gradeLine, type TPhraseEvidence, type TPhraseSource } from '@sim/shared';
import type { KeywordPhrase } from '../pocketsphinx/stt-spot';
import { spokenForm } from '../stt-text';
import type { Transcript, TranscriptWord } from '../types';
import { alignSequences, heardAt } from './stt-align';
import { isFactWord, isSoundAlike } from './stt-fact-words';
import type { LineTarget } from './stt-line-target';

/**
 * The recognisers' hypotheses of one recording put together (issues 14 and 30): one pure function from what
 * each engine heard to the transcript and the evidence of each keyword phrase.
 *
 * - The transcript is the neural recogniser's text (Moonshine: unbiased, it writes what it heard), with the
 *   times of the pocketsphinx words it lines up with; pocketsphinx's own text when there is no neural one.
 * - Keyword evidence beyond the transcript: pocketsphinx's keyword search (its lattice, in the phrase's
 *   place in the line), its biased 1-best and the neural decode with the keywords boosted; the last two
 *   only when the neural text heard at least LINE_GATE of the line (the learner was saying the line).
 * - No credit for a fact not said (issue 30): where the neural text heard the line well (WELL_HEARD) and
 *   wrote another fact at a keyword's place in the line (a number, ordinal, day or month where the keyword
 *   has one, a word of another of the line's keywords, or a sound-alike it wrote as a proper noun: "Doctor
 *   Patton" for "Doctor Patel"), anchored by a neighbouring word it heard right, nothing but the transcript
 *   credits the keyword: pocketsphinx, biased toward the line, prefers the keyword to the word that was said
 *   ("fifteen" for "fifty"), and the boosted decode is pushed toward it. Another word that is no fact (an
 *   accent's mishearing: "the excited family clinic" for "Lakeside") keeps their credit, and the result
 *   shows what was heard there.
 */

/** How much of the expected line the neural recogniser must have heard before pocketsphinx's biased 1-best and the boosted decode count (calibrated in issue 14). */
export const LINE_GATE = 0.2;

/**
 * How much of the line the neural text must hold before its reading of a keyword's place overrules
 * pocketsphinx (issue 30). Calibrated on the near-miss set (bench/speech/near-miss/calibrate-fuse.ts) and the
 * robustness dev set (bench/speech/robustness/calibrate-fuse.ts): near misses credited 40.4% with no veto;
 * 15.8 / 17.2 / 23.0% at 0.3 / 0.5 / 0.7 (the boosted decode not rescuing another fact); the dev accents at
 * pink 10 dB 93.3% mean with no veto, 91.8 / 92.3 / 93.3% at 0.3 / 0.5 / 0.7. 0.7: no loss of recall.
 */
export const WELL_HEARD = 0.7;

/** What each engine heard of one recording. */
export interface Hypotheses {
  /** pocketsphinx, biased toward the line: its 1-best and the keyword phrases its lattice search accepted */
  biased: { text: string; words: TranscriptWord[]; searched: readonly { normalised: string; confidence: number }[] };
  /** the neural recogniser: its plain text and its decode with the keyword phrases boosted (spoken words) */
  neural?: {
    text: string;
    boosted?: string;
    /** as the model wrote it (capitals, digits): tells a proper noun ("Patton") from a word */
    raw?: string;
  };
}

export interface FuseSettings {
  gate: number;
  wellHeard: number;
  /**
   * where the neural text heard other words at a keyword's place: 'off' (the fusion of issue 14, for
   * comparisons), 'any' (any other words overrule pocketsphinx), 'fact' (only another fact does: see
   * Contradiction.otherFact)
   */
  veto: 'off' | 'any' | 'fact';
  /**
   * where the neural text heard other words at a keyword's place, may the boosted decode still credit it?
   * 'always'; 'never' (the plain text wins); 'unless-fact': not when the words heard there are another fact
   * (a number, ordinal, day or month where the keyword has one, or a word of another keyword of the line)
   */
  boostedRescues: 'always' | 'never' | 'unless-fact';
  /**
   * a sound-alike of a keyword's word is another fact: 'off'; 'proper' when the neural recogniser wrote it
   * as a proper noun ("Doctor Patton" for "Doctor Patel", "the Premier plan"); 'any'
   */
  soundAlike: 'off' | 'proper' | 'any';
  /**
   * where pocketsphinx's own 1-best wrote a confusable alternative at a keyword's place (its language model
   * weighs them beside the keyword: stt-confusables.ts), its lattice search does not credit the keyword, and
   * where the neural plain text wrote one there, the boosted decode does not: 'on'; 'off' (for comparisons)
   */
  oneBestRules: 'off' | 'on';
}

export const DEFAULT_FUSION: Readonly<FuseSettings> = {
  gate: LINE_GATE,
  wellHeard: WELL_HEARD,
  veto: 'fact',
  boostedRescues: 'never',
  soundAlike: 'proper',
  oneBestRules: 'on',
};

interface Candidate {
  phrase: KeywordPhrase;
  sources: Set<TPhraseSource>;
  confidence: number;
}

export function fuse(target: LineTarget, heard: Hypotheses, settings: FuseSettings = DEFAULT_FUSION): Transcript {
  const { biased, neural } = heard;
  const words = neural ? alignWords(splitWords(neural.text), biased.words) : biased.words;
  const text = neural ? words.map((w) => w.word).join(' ') : biased.text;
  const byNormalised = new Map(target.phrases.map((p) => [p.normalised, p]));
  const candidates = new Map<string, Candidate>();
  const add = (normalised: string, source: TPhraseSource, confidence: number) => {
    const phrase = byNormalised.get(normalised) ?? { spoken: normalised, normalised };
    const c = candidates.get(normalised) ?? { phrase, sources: new Set(), confidence: 0 };
    c.sources.add(source);
    c.confidence = Math.max(c.confidence, confidence);
    candidates.set(normalised, c);
  };

  const outheard = settings.oneBestRules === 'on' ? competitorsHeard(target, biased.text) : new Set<string>();
  for (const s of biased.searched) {
    if (!outheard.has(byNormalised.get(s.normalised)?.spoken ?? s.normalised)) {
      add(s.normalised, 'keyword-search', s.confidence);
    }
  }
  const expectedText = target.expected.join(' ');
  const gateOpen = Boolean(neural && expectedText && lineHeard(target.expected, neural.text) >= settings.gate);
  if (gateOpen && neural) {
    for (const p of phrasesIn(biased.text, target.phrases)) {
      add(p, 'biased-decode', wordsConfidence(spanOf(byNormalised.get(p), biased.words)) ?? 0.5);
    }
    // the boosted decode is pushed toward the keyword: not where the plain text heard a competitor there
    const plainHeard = settings.oneBestRules === 'on' ? competitorsHeard(target, neural.text) : new Set<string>();
    for (const p of phrasesIn(neural.boosted ?? '', target.phrases)) {
      if (!plainHeard.has(byNormalised.get(p)?.spoken ?? p)) add(p, 'neural-boosted', 0.5);
    }
  }
  const inText = new Set(phrasesIn(text, target.phrases));
  for (const p of inText) add(p, 'transcript', wordsConfidence(spanOf(byNormalised.get(p), words)) ?? 0.5);

  const vetoed =
    settings.veto !== 'off' && neural
      ? contradicted(target, neural.text, settings.wellHeard, settings.soundAlike, neural.raw)
      : new Map();
  const evidence: TPhraseEvidence[] = [];
  for (const [normalised, c] of candidates) {
    const contradiction = c.sources.has('transcript') ? undefined : vetoed.get(c.phrase.spoken);
    if (contradiction && (settings.veto === 'any' || contradiction.otherFact)) {
      // the plain text heard other words there: only the boosted decode may still speak for the keyword
      const rescued =
        c.sources.has('neural-boosted') &&
        (settings.boostedRescues === 'always' ||
          (settings.boostedRescues === 'unless-fact' && !contradiction.otherFact));
      if (!rescued) continue;
      c.sources = new Set(['neural-boosted']);
    }
    const span = spanOf(c.phrase, biased.words) ?? spanOf(c.phrase, words) ?? placeSpan(target, c.phrase, words);
    evidence.push({
      phrase: normalised,
      sources: [...c.sources],
      start: round(span?.[0]?.start ?? 0),
      end: round(span?.[span.length - 1]?.end ?? 0),
      confidence: round(c.confidence),
    });
  }
  const spotted = evidence.filter((e) => !e.sources.includes('transcript')).map((e) => e.phrase);
  return {
    text,
    words,
    ...(spotted.length ? { spotted } : {}),
    ...(evidence.length ? { evidence } : {}),
  };
}

/**
 * The keyword phrases (spoken) at whose place in the line the 1-best `text` wrote one of their words'
 * confusable alternatives (the competitors of the line's model): the decode, weighing them beside the
 * keyword, found the alternative the better reading of the audio there.
 */
export function competitorsHeard(target: LineTarget, text: string): Set<string> {
  const out = new Set<string>();
  const competitors = target.model?.competitors;
  if (!competitors?.length || !target.expected.length) return out;
  const alternatives = new Map<string, Set<string>>();
  for (const c of competitors) {
    const set = alternatives.get(c.original) ?? new Set<string>();
    set.add(c.words[c.at]);
    alternatives.set(c.original, set);
  }
  const heard = splitWords(text);
  if (!heard.length) return out;
  const pairs = alignSequences(target.expected, heard);
  for (const phrase of target.phrases) {
    const place = target.places.get(phrase.spoken);
    if (!place) continue;
    const at = heardAt(pairs, place[0], place[1], target.expected.length);
    const words = at.words.map((k) => heard[k]);
    const own = phrase.spoken.split(' ');
    if (words.some((w) => !own.includes(w) && own.some((o) => alternatives.get(o)?.has(w)))) out.add(phrase.spoken);
  }
  return out;
}

/** What the neural text heard at a keyword's place instead of it. */
export interface Contradiction {
  /** the words heard there */
  heard: string[];
  /**
   * they are another fact: a number, ordinal, day or month where the keyword has one, a word of another of
   * the line's keywords, or a sound-alike of one of the keyword's words ("patton" for "patel")
   */
  otherFact: boolean;
}

/**
 * The phrases (spoken) whose place in the line the neural text heard as other words: it heard at least
 * `wellHeard` of the line, wrote another word for a word of the place (a substitution, not a gap), and heard
 * a neighbouring word of the place right.
 */
export function contradicted(
  target: LineTarget,
  neuralText: string,
  wellHeard: number,
  soundAlike: FuseSettings['soundAlike'] = 'proper',
  raw?: string,
): Map<string, Contradiction> {
  const proper = soundAlike === 'proper' ? properWords(raw ?? '') : undefined;
  const out = new Map<string, Contradiction>();
  const heard = splitWords(neuralText);
  if (!heard.length || lineHeard(target.expected, neuralText) < wellHeard) return out;
  const pairs = alignSequences(target.expected, heard);
  for (const phrase of target.phrases) {
    const place = target.places.get(phrase.spoken);
    if (!place) continue;
    const at = heardAt(pairs, place[0], place[1], target.expected.length);
    if (!at.anchored || !at.substituted) continue;
    const words = at.words.map((k) => heard[k]);
    const own = new Set(phrase.spoken.split(' '));
    const others = new Set(
      target.phrases.flatMap((p) => (p.spoken === phrase.spoken ? [] : p.spoken.split(' '))).filter((w) => !own.has(w)),
    );
    const newWords = words.filter((w) => !own.has(w));
    const ownWords = phrase.spoken.split(' ');
    const otherFact =
      (ownWords.some(isFactWord) && newWords.some(isFactWord)) ||
      newWords.some(
        (w) =>
          others.has(w) ||
          (soundAlike !== 'off' && (!proper || proper.has(w)) && ownWords.some((o) => isSoundAlike(o, w))),
      );
    out.set(phrase.spoken, { heard: words, otherFact });
  }
  return out;
}

/** The spoken words the model wrote capitalised inside a sentence (proper nouns: names, products). */
export function properWords(raw: string): Set<string> {
  const out = new Set<string>();
  let sentenceStart = true;
  for (const token of raw.split(/\s+/).filter(Boolean)) {
    const capital = /^[A-Z][a-z]/.test(token);
    if (capital && !sentenceStart) for (const w of spokenForm(token).words) out.add(w);
    sentenceStart = /[.?!]$/.test(token);
  }
  return out;
}

/** The share of the expected line's spoken words that are in `heard` (spoken words, lower case). */
export function lineHeard(expected: readonly string[], heard: string): number {
  if (!expected.length) return 0;
  const got = new Set(splitWords(heard));
  return expected.filter((w) => got.has(w)).length / expected.length;
}

/** The keyword phrases (normalised) that the grader finds in `text`. */
export function phrasesIn(text: string, phrases: readonly KeywordPhrase[]): string[] {
  if (!text.trim() || !phrases.length) return [];
  return gradeLine({ transcript: text, keywords: phrases.map((p) => p.normalised) }).correctKeywords;
}

/** The words of `timed` that spell the phrase (the first occurrence), or undefined. */
function spanOf(phrase: KeywordPhrase | undefined, timed: readonly TranscriptWord[]): TranscriptWord[] | undefined {
  if (!phrase) return undefined;
  const want = phrase.spoken.split(' ');
  for (let i = 0; i + want.length <= timed.length; i++) {
    if (want.every((w, j) => timed[i + j].word === w)) return timed.slice(i, i + want.length);
  }
  return undefined;
}

/** The transcript's words at the phrase's place in the line (what was heard where it was expected). */
function placeSpan(target: LineTarget, phrase: KeywordPhrase, words: readonly TranscriptWord[]) {
  const place = target.places.get(phrase.spoken);
  if (!place || !words.length) return undefined;
  const at = heardAt(
    alignSequences(
      target.expected,
      words.map((w) => w.word),
    ),
    place[0],
    place[1],
    target.expected.length,
  );
  return at.words.length ? at.words.map((k) => words[k]) : undefined;
}

function wordsConfidence(words: readonly TranscriptWord[] | undefined): number | undefined {
  if (!words?.length) return undefined;
  return Math.min(...words.map((w) => w.confidence));
}

function splitWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** `texts` with times taken from `timed` where the two line up, interpolated elsewhere. */
export function alignWords(texts: readonly string[], timed: readonly TranscriptWord[]): TranscriptWord[] {
  const pairs = alignSequences(
    texts,
    timed.map((w) => w.word),
  );
  const partner: (TranscriptWord | undefined)[] = new Array(texts.length).fill(undefined);
  const matched: boolean[] = new Array(texts.length).fill(false);
  for (const p of pairs) {
    if (p.a >= 0 && p.b >= 0) {
      partner[p.a] = timed[p.b];
      matched[p.a] = p.same;
    }
  }
  const end = timed.length ? timed[timed.length - 1].end : 0;
  const out: TranscriptWord[] = [];
  for (let k = 0; k < texts.length; k++) {
    const p = partner[k];
    if (p) {
      out.push({ word: texts[k], start: p.start, end: p.end, confidence: matched[k] ? p.confidence : 0.5 });
      continue;
    }
    // between the previous word's end and the next partnered word's start
    const from = out.length ? out[out.length - 1].end : 0;
    let to = end;
    let gap = 1;
    for (let q = k + 1; q < texts.length; q++) {
      if (partner[q]) {
        to = partner[q]?.start ?? end;
        break;
      }
      gap++;
    }
    const span = Math.max(0, to - from) / gap;
    out.push({ word: texts[k], start: from, end: from + span, confidence: 0.5 });
  }
  return out;
}
