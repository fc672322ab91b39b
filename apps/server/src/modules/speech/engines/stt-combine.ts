import { gradeLine } from '@sim/shared';
import type { KeywordPhrase } from './stt-spot';
import { spokenForm } from './stt-text';
import type { Transcript, TranscriptWord } from './types';

/**
 * How much of the expected line the neural recogniser must have heard (its share of the line's words) before
 * the keywords of pocketsphinx's biased 1-best count. Calibrated on the robustness bench's dev set
 * (bench/results/speech.md, 702 keyword entries of wrong answers): no gate 4.0% false keywords and a wrong
 * answer passing; 0.05: 3.1%; 0.1-0.2: 1.6-1.7% with the same recall (80.1-80.6% all conditions);
 * 0.3: 1.1% and 0.5 points less recall; the neural text and keyword search alone: 1.1%, 75.5% recall.
 */
export const LINE_GATE = 0.2;

/**
 * The evidence of the two recognisers put together (issue 14). The neural recogniser (Moonshine) writes what
 * it heard without bias, so its text is the transcript: it does not turn background talkers or a wrong
 * answer into the expected line. pocketsphinx, biased toward the line, adds:
 * - its keyword search (`spotted`, phrases accepted in the lattice in their place in the line);
 * - the keyword phrases of its 1-best text, as `spotted`, when the neural recogniser heard at least
 *   LINE_GATE of the expected line: the learner was saying the line, and the biased decoder, which hears
 *   accented and noisy keywords far better, is trusted on them; a wrong answer or babble is not;
 * - the keyword phrases of the neural recogniser's boosted decode (the same audio decoded with the line's
 *   keyword phrases' tokens favoured, stt-moonshine-boost.ts), under the same gate: the keywords it nearly
 *   wrote;
 * - word timings: each of Moonshine's words takes the times of the pocketsphinx word it lines up with
 *   (an edit-distance alignment); a word without a partner is placed between its neighbours.
 */
export function combineTranscripts(
  biased: Transcript,
  neuralText: string,
  line: { expected?: string; phrases?: readonly KeywordPhrase[]; gate?: number; boosted?: string } = {},
): Transcript {
  const words = alignWords(neuralText.split(/\s+/).filter(Boolean), biased.words);
  const spotted = new Set(biased.spotted ?? []);
  if (line.expected && line.phrases?.length && lineHeard(line.expected, neuralText) >= (line.gate ?? LINE_GATE)) {
    for (const phrase of phrasesIn(biased.text, line.phrases)) spotted.add(phrase);
    for (const phrase of phrasesIn(line.boosted ?? '', line.phrases)) spotted.add(phrase);
  }
  return {
    text: words.map((w) => w.word).join(' '),
    words,
    ...(spotted.size ? { spotted: [...spotted] } : {}),
  };
}

/** The share of the expected line's spoken words that are in `heard` (spoken words, lower case). */
export function lineHeard(expected: string, heard: string): number {
  const want = spokenForm(expected).words;
  if (!want.length) return 0;
  const got = new Set(heard.split(/\s+/).filter(Boolean));
  return want.filter((w) => got.has(w)).length / want.length;
}

/** The keyword phrases (normalised) that the grader finds in `text`. */
function phrasesIn(text: string, phrases: readonly KeywordPhrase[]): string[] {
  if (!text.trim()) return [];
  const graded = gradeLine({ transcript: text, keywords: phrases.map((p) => p.normalised) });
  return graded.correctKeywords;
}

/** `texts` with times taken from `timed` where the two line up, interpolated elsewhere. */
export function alignWords(texts: string[], timed: TranscriptWord[]): TranscriptWord[] {
  const n = texts.length;
  const m = timed.length;
  // edit distance, a matching word costs 0, a substitution 1, a gap 1
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = texts[i - 1] === timed[j - 1].word ? 0 : 1;
      cost[i][j] = Math.min(cost[i - 1][j - 1] + same, cost[i - 1][j] + 1, cost[i][j - 1] + 1);
    }
  }
  // walk back: the partner of each text word (a match or a substitution), if any
  const partner: (TranscriptWord | undefined)[] = new Array(n).fill(undefined);
  const matched: boolean[] = new Array(n).fill(false);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const same = texts[i - 1] === timed[j - 1].word ? 0 : 1;
    if (cost[i][j] === cost[i - 1][j - 1] + same) {
      partner[i - 1] = timed[j - 1];
      matched[i - 1] = same === 0;
      i--;
      j--;
    } else if (cost[i][j] === cost[i - 1][j] + 1) {
      i--;
    } else {
      j--;
    }
  }
  const end = timed.length ? timed[timed.length - 1].end : 0;
  const out: TranscriptWord[] = [];
  for (let k = 0; k < n; k++) {
    const p = partner[k];
    if (p) {
      out.push({ word: texts[k], start: p.start, end: p.end, confidence: matched[k] ? p.confidence : 0.5 });
      continue;
    }
    // between the previous word's end and the next partnered word's start
    const from = out.length ? out[out.length - 1].end : 0;
    let to = end;
    let gap = 1;
    for (let q = k + 1; q < n; q++) {
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
