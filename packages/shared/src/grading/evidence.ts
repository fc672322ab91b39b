/**
 * The evidence of a grade (issue 30, DECISIONS.md section 4: "every credit keeps its evidence"): per keyword
 * entry of a learner's line, whether it was credited, on what (which recogniser heard which phrase, where in
 * the recording, how sure), and what the transcript holds at the keyword's place. Pure; the credit is decided
 * exactly as gradeLine decides it (entryMatches, the phrase evidence heard beyond the transcript playing the
 * role of `spotted` (spottedOf), the reviewer's overrides first).
 *
 * Choices where the rules are silent:
 * - The entries are the line's keywords, then the tests' keywords not among them, each once (equal after
 *   normalising, as uniqueKeywordEntries decides); `tests` names the tests listing an entry. A line keyword is
 *   decided with the line's phrasing, a test-only entry with the phrasing of the first test listing it.
 * - phrase / sources / start / end / confidence / in_transcript describe the automatic finding, also when a
 *   reviewer changed the decision (the reviewer sees what was heard). For a `|` entry the alternative found
 *   (one the transcript holds first, else one the recognisers reported); for an `&` entry its parts joined by
 *   " & ", the span covering them all, the confidence the lowest of its parts.
 * - The span: the transcript's words that hold the phrase; else the recognisers' span of the phrase; else
 *   (not heard) the place the keyword was expected, found by aligning the expected line's words to the
 *   transcript's; with no words there, the gap between the neighbouring words.
 * - The confidence: the recognisers' (their highest for the phrase); a phrase only the transcript holds takes
 *   the mean confidence of its words.
 * - `heard`: the transcript's words aligned to the keyword's words in the expected line, null when nothing is
 *   aligned there (or the keyword is not in the line's text), and null for a credited keyword the transcript
 *   holds. For a missed keyword the words at its place are shown even when they resemble it (strict phrasing:
 *   "expected refund, heard refunded").
 */
import {
  PHRASE_SOURCES,
  type TKeywordEvidence,
  type TKeywordOverride,
  type TPhraseEvidence,
  type TPhraseSource,
} from '../schemas/evidence';
import type { TTranscriptWord } from '../schemas/speech';
import { decisionKey, decisionsOf, entryCredited, type GradeTestInput, spottedSet } from './grade-line';
import { type KeywordEntry, uniqueKeywordEntries } from './keyword-entry';
import { normalise, tokenise } from './normalise';
import {
  matchPhrasePositions,
  type Phrasing,
  type PreparedText,
  preparePhrase,
  prepareText,
  prepareWord,
  sameWord,
} from './phrase-match';

// ---- word alignment ----

/**
 * An edit-distance alignment of two word sequences (an insertion or deletion costs 2, a substitution 3, equal
 * words, or words the flexible matcher takes as the same, 0): for each word of `a`, the index of the word of `b`
 * it lines up with (the same word or a substitute), or -1 when it was dropped. A substitution is cheaper than
 * a deletion and an insertion, so "on thursday at three" / "on friday at three" lines up thursday with friday;
 * two substitutions cost more than an insertion and a deletion that keep a word matched.
 */
const GAP = 2;
const SUBSTITUTION = 3;

export function alignWords(a: readonly string[], b: readonly string[]): number[] {
  const pa = a.map(prepareWord);
  const pb = b.map(prepareWord);
  const n = a.length;
  const m = b.length;
  const cols = m + 1;
  const d = new Uint32Array((n + 1) * cols);
  for (let i = 0; i <= n; i++) d[i * cols] = i * GAP;
  for (let j = 0; j <= m; j++) d[j] = j * GAP;
  const same = (i: number, j: number) => pa[i].text === pb[j].text || sameWord(pa[i], pb[j]);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diagonal = d[(i - 1) * cols + j - 1] + (same(i - 1, j - 1) ? 0 : SUBSTITUTION);
      d[i * cols + j] = Math.min(diagonal, d[(i - 1) * cols + j] + GAP, d[i * cols + j - 1] + GAP);
    }
  }
  const out = new Array<number>(n).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = d[i * cols + j];
    if (here === d[(i - 1) * cols + j - 1] + (same(i - 1, j - 1) ? 0 : SUBSTITUTION)) {
      out[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === d[(i - 1) * cols + j] + GAP) i--;
    else j--;
  }
  return out;
}

// ---- the transcript's tokens and its timed words ----

/**
 * For each normalised token of the timed words (tokenise of the words joined), the first and last word it
 * comes from. A token made of several words ("twenty one" → "21") covers them all; the prefix of words from
 * which a token stays in place is where it starts.
 */
function tokenWordSpans(words: readonly TTranscriptWord[]): { tokens: string[]; spans: [number, number][] } {
  const texts = words.map((w) => w.word);
  const tokens = tokenise(texts.join(' '));
  const counts = texts.map((_, k) => tokenise(texts.slice(0, k + 1).join(' ')).length);
  // the least count from each prefix on: a token t is in place from the first prefix whose every longer prefix has more than t tokens
  const floor = [...counts];
  for (let k = floor.length - 2; k >= 0; k--) floor[k] = Math.min(floor[k], floor[k + 1]);
  const starts: number[] = [];
  let k = 0;
  for (let t = 0; t < tokens.length; t++) {
    while (k < floor.length - 1 && floor[k] <= t) k++;
    starts.push(k);
  }
  const spans = starts.map((start, t): [number, number] => [
    start,
    t + 1 < starts.length ? Math.max(start, starts[t + 1] - 1) : words.length - 1,
  ]);
  return { tokens, spans };
}

/** The expected line, the transcript and its timed words, lined up once for every entry of the line. */
interface LineText {
  expected: PreparedText;
  transcript: PreparedText;
  words: readonly TTranscriptWord[];
  /** per expected token, the transcript token aligned to it (-1: none) */
  expectedToTranscript: number[];
  /** per transcript token, its timed words [first, last] (null: not among the timed words) */
  wordsOfToken: ([number, number] | null)[];
}

function lineText(expected: string, transcript: string, words: readonly TTranscriptWord[]): LineText {
  const e = prepareText(expected);
  const t = prepareText(transcript);
  const tokensOf = (text: PreparedText) => text.words.map((w) => w.text);
  const timed = tokenWordSpans(words);
  const transcriptTokens = tokensOf(t);
  const same =
    timed.tokens.length === transcriptTokens.length && timed.tokens.every((token, i) => token === transcriptTokens[i]);
  const toTimed = same ? transcriptTokens.map((_, i) => i) : alignWords(transcriptTokens, timed.tokens);
  return {
    expected: e,
    transcript: t,
    words,
    expectedToTranscript: alignWords(tokensOf(e), transcriptTokens),
    wordsOfToken: toTimed.map((i) => (i >= 0 ? timed.spans[i] : null)),
  };
}

interface Span {
  start: number;
  end: number;
}

/** The timed words under these transcript tokens (ascending): their text and span, null when untimed. */
function wordsUnder(
  text: LineText,
  tokens: readonly number[],
): { text: string; span: Span; confidence: number } | null {
  const covered = tokens.flatMap((t) => text.wordsOfToken[t] ?? []);
  if (!covered.length) return null;
  const first = Math.min(...covered);
  const last = Math.max(...covered);
  const words = text.words.slice(first, last + 1);
  return {
    text: words.map((w) => w.word).join(' '),
    span: { start: words[0].start, end: words[words.length - 1].end },
    confidence: words.reduce((sum, w) => sum + w.confidence, 0) / words.length,
  };
}

/** Where the recording holds the expected tokens `positions`: the transcript tokens aligned to them, and the span. */
function placeOf(text: LineText, positions: readonly number[]): { tokens: number[]; span: Span | null } {
  const aligned = positions.map((p) => text.expectedToTranscript[p]).filter((t) => t >= 0);
  if (aligned.length) {
    const from = Math.min(...aligned);
    const to = Math.max(...aligned);
    const tokens = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    return { tokens, span: wordsUnder(text, tokens)?.span ?? null };
  }
  // nothing lined up there: the gap between the neighbours that did
  if (!text.words.length || !positions.length) return { tokens: [], span: null };
  const before = text.expectedToTranscript.slice(0, positions[0]).filter((t) => t >= 0);
  const after = text.expectedToTranscript.slice(positions[positions.length - 1] + 1).filter((t) => t >= 0);
  const prev = before.length ? wordsUnder(text, [before[before.length - 1]]) : null;
  const next = after.length ? wordsUnder(text, [after[0]]) : null;
  const start = prev?.span.end ?? 0;
  const end = next?.span.start ?? text.words[text.words.length - 1].end;
  return { tokens: [], span: { start, end: Math.max(start, end) } };
}

/** The expected tokens of the first of these phrases the expected line holds, with that phrase's index. */
function expectedPlace(text: LineText, phrases: readonly string[][]): { index: number; positions: number[] } | null {
  for (const [index, words] of phrases.entries()) {
    const positions = matchPhrasePositions(preparePhrase(words), text.expected, 'flexible');
    if (positions) return { index, positions };
  }
  return null;
}

// ---- phrase evidence and `spotted` ----

/**
 * The phrases of the evidence that count as `spotted` for gradeLine: those some recogniser heard beyond the
 * transcript's text (evidence whose sources do not include 'transcript', as the engines' Transcript.spotted
 * lists them). A phrase the transcript holds is found in the transcript by the entry's own phrasing, so a
 * strict keyword is never credited by the recognisers' flexible reading of the text.
 */
export function spottedOf(evidence: readonly TPhraseEvidence[]): string[] {
  return evidence.filter((e) => !e.sources.includes('transcript')).map((e) => e.phrase);
}

// ---- the fallback: phrase evidence from `spotted` ----

/** The confidence given to a phrase the recogniser only listed (Transcript.spotted, no score of its own). */
export const SPOTTED_CONFIDENCE = 0.5;

/**
 * Phrase evidence for a recogniser that lists the phrases it spotted without their place (Transcript.spotted,
 * before the engines report TPhraseEvidence): each phrase, normalised, heard by keyword search with
 * confidence 0.5, its span the place the phrase has in the expected line (the transcript's words aligned to
 * it, or the gap between its neighbours); a phrase the line's text does not hold spans the whole recording.
 * To be removed once every engine reports its evidence.
 */
export function evidenceFromSpotted(input: {
  expected: string;
  transcript: string;
  words: readonly TTranscriptWord[];
  spotted: readonly string[] | undefined;
}): TPhraseEvidence[] {
  const phrases = [...spottedSet(input.spotted)];
  if (!phrases.length) return [];
  const text = lineText(input.expected, input.transcript, input.words);
  const whole: Span = input.words.length
    ? { start: input.words[0].start, end: input.words[input.words.length - 1].end }
    : { start: 0, end: 0 };
  return phrases.map((phrase) => {
    const place = expectedPlace(text, [tokenise(phrase)]);
    const span = (place && placeOf(text, place.positions).span) ?? whole;
    return {
      phrase,
      sources: ['keyword-search'],
      start: span.start,
      end: span.end,
      confidence: SPOTTED_CONFIDENCE,
    };
  });
}

// ---- the evidence of each keyword entry ----

export interface KeywordEvidenceInput {
  /** the line as written: what the learner was expected to say */
  expected: string;
  keywords?: readonly string[];
  tests?: readonly Pick<GradeTestInput, 'name' | 'keywords' | 'isFlexible'>[];
  /** phrasing of the line keywords, as gradeLine's (default 'flexible') */
  phrasing?: Phrasing;
  /** the graded transcript and its timed words */
  transcript: string;
  words: readonly TTranscriptWord[];
  /** what the recognisers heard of the keyword phrases ([] for a line graded before they reported it) */
  evidence: readonly TPhraseEvidence[];
  /** the reviewer's decisions on the line's entries */
  overrides?: readonly TKeywordOverride[];
}

interface EntryRow {
  entry: KeywordEntry;
  phrasing: Phrasing;
  tests: string[];
}

/** The line's keywords, then the tests' keywords not among them, each once, with the tests listing each. */
export function evidenceEntries(
  input: Pick<KeywordEvidenceInput, 'keywords' | 'tests' | 'phrasing'>,
): { entry: KeywordEntry; phrasing: Phrasing; tests: string[] }[] {
  const rows: EntryRow[] = [];
  const byKey = new Map<string, EntryRow>();
  for (const entry of uniqueKeywordEntries(input.keywords ?? [])) {
    const row = { entry, phrasing: input.phrasing ?? 'flexible', tests: [] };
    rows.push(row);
    byKey.set(entry.key, row);
  }
  for (const test of input.tests ?? []) {
    for (const entry of uniqueKeywordEntries(test.keywords)) {
      const known = byKey.get(entry.key);
      if (known) {
        if (!known.tests.includes(test.name)) known.tests.push(test.name);
        continue;
      }
      const row: EntryRow = { entry, phrasing: test.isFlexible === false ? 'strict' : 'flexible', tests: [test.name] };
      rows.push(row);
      byKey.set(entry.key, row);
    }
  }
  return rows;
}

const SOURCE_ORDER = new Map(PHRASE_SOURCES.map((s, i) => [s, i]));
const bySourceOrder = (a: TPhraseSource, b: TPhraseSource) => (SOURCE_ORDER.get(a) ?? 0) - (SOURCE_ORDER.get(b) ?? 0);

/** What was found of one phrase (an alternative or part). */
interface PhraseFinding {
  phrase: string;
  /** the transcript tokens holding it, by the entry's phrasing (null: not in the transcript) */
  inTranscript: number[] | null;
  /** heard beyond the transcript (spottedOf) */
  spotted: boolean;
  evidence: TPhraseEvidence[];
}

function findPhrase(
  words: string[],
  text: LineText,
  phrasing: Phrasing,
  evidenceOf: ReadonlyMap<string, TPhraseEvidence[]>,
  spotted: ReadonlySet<string>,
): PhraseFinding {
  const phrase = words.join(' ');
  return {
    phrase,
    inTranscript: matchPhrasePositions(preparePhrase(words), text.transcript, phrasing),
    spotted: spotted.has(phrase),
    evidence: evidenceOf.get(phrase) ?? [],
  };
}

const found = (f: PhraseFinding) => f.inTranscript !== null || f.spotted;

/**
 * The evidence of one finding: its sources (the recognisers' beyond the transcript, and 'transcript' when the
 * transcript holds it by the entry's phrasing), span and confidence.
 */
function describe(text: LineText, f: PhraseFinding) {
  const sources = new Set<TPhraseSource>(f.evidence.flatMap((e) => e.sources).filter((s) => s !== 'transcript'));
  const inWords = f.inTranscript ? wordsUnder(text, f.inTranscript) : null;
  if (f.inTranscript) sources.add('transcript');
  const heardSpan: Span | null = f.evidence.length
    ? { start: Math.min(...f.evidence.map((e) => e.start)), end: Math.max(...f.evidence.map((e) => e.end)) }
    : null;
  return {
    sources: [...sources].sort(bySourceOrder),
    span: inWords?.span ?? heardSpan,
    confidence: f.evidence.length ? Math.max(...f.evidence.map((e) => e.confidence)) : (inWords?.confidence ?? null),
  };
}

/** The reviewer's decision on the entry (the last one counts), compared as gradeLine compares them. */
function overrideOf(entry: KeywordEntry, overrides: readonly TKeywordOverride[]): TKeywordOverride | null {
  return overrides.findLast((o) => decisionKey(o.keyword) === entry.key) ?? null;
}

/**
 * Each keyword entry of a line with its evidence (the rules at the top), in the order the result lists them.
 * Throws KeywordEntryError on an entry that does not parse, as gradeLine does.
 */
export function keywordEvidence(input: KeywordEvidenceInput): TKeywordEvidence[] {
  const rows = evidenceEntries(input);
  if (!rows.length) return [];
  const text = lineText(input.expected, input.transcript, input.words);
  const spotted = spottedSet(spottedOf(input.evidence));
  const evidenceOf = new Map<string, TPhraseEvidence[]>();
  for (const e of input.evidence) {
    const phrase = normalise(e.phrase);
    if (phrase) evidenceOf.set(phrase, [...(evidenceOf.get(phrase) ?? []), e]);
  }
  const overrides = input.overrides ?? [];
  const decisions = decisionsOf(overrides);
  const NO_DECISIONS = decisionsOf([]);

  return rows.map(({ entry, phrasing, tests }): TKeywordEvidence => {
    const auto = entryCredited(entry, text.transcript, phrasing, spotted, NO_DECISIONS);
    const credited = entryCredited(entry, text.transcript, phrasing, spotted, decisions);
    const findings = entry.phrases.map((words) => findPhrase(words, text, phrasing, evidenceOf, spotted));
    // an `&` entry's place: a part the transcript does not hold, first
    const place =
      entry.operator === '&'
        ? expectedPlace(text, [
            ...entry.phrases.filter((_, i) => findings[i].inTranscript === null),
            ...entry.phrases.filter((_, i) => findings[i].inTranscript !== null),
          ])
        : expectedPlace(text, entry.phrases);
    const at = place ? placeOf(text, place.positions) : null;

    let phrase: string;
    let sources: TPhraseSource[] = [];
    let span: Span | null = null;
    let confidence: number | null = null;
    let inTranscript = false;
    if (auto) {
      // `|`: one alternative (the transcript's first); `&`: every part
      const used =
        entry.operator === '&'
          ? findings
          : [findings.find((f) => f.inTranscript !== null) ?? findings.find(found) ?? findings[0]];
      const described = used.map((f) => describe(text, f));
      phrase = used.map((f) => f.phrase).join(' & ');
      sources = [...new Set(described.flatMap((d) => d.sources))].sort(bySourceOrder);
      const spans = described.map((d) => d.span).filter((s): s is Span => s !== null);
      span = spans.length
        ? { start: Math.min(...spans.map((s) => s.start)), end: Math.max(...spans.map((s) => s.end)) }
        : (at?.span ?? null);
      const confidences = described.map((d) => d.confidence).filter((c): c is number => c !== null);
      confidence = confidences.length ? Math.min(...confidences) : null;
      inTranscript = used.every((f) => f.inTranscript !== null);
    } else {
      phrase =
        entry.operator === '&'
          ? findings.map((f) => f.phrase).join(' & ')
          : (findings[place?.index ?? 0]?.phrase ?? findings[0].phrase);
      span = at?.span ?? null;
    }

    const heardWords = at?.tokens.length ? wordsUnder(text, at.tokens) : null;
    const heardText =
      heardWords?.text ?? (at?.tokens.length ? at.tokens.map((t) => text.transcript.words[t].text).join(' ') : null);
    const heard = credited && inTranscript ? null : heardText;
    // a credit the transcript does not hold: the span of what the transcript holds there, when nothing else timed it
    if (credited && !inTranscript && span === null && heardWords) span = heardWords.span;

    return {
      keyword: entry.raw,
      tests,
      credited,
      auto_credited: auto,
      phrase,
      sources,
      start: span?.start ?? null,
      end: span?.end ?? null,
      confidence,
      in_transcript: inTranscript,
      heard,
      override: overrideOf(entry, overrides),
    };
  });
}
