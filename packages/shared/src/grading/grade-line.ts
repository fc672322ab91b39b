/**
 * Grading one spoken line (DECISIONS.md section 4). Choices where the rules are silent:
 *
 * - Nothing to grade is not a failure. A line with no keyword entries has keyword_accuracy 100 (nothing
 *   was missed); a test with no keywords scores 100. So a line with no keywords and no tests gets
 *   grade_score 100 and passes. (The level's keyword accuracy counts entries, so such lines add nothing
 *   to it and it shows "N/A" when no line has entries; see level-figures.ts.)
 * - Natural-language line with no tests: grade_score falls back to keyword_accuracy (the keywords are
 *   then the only thing the author set up; with none either, 100).
 * - Line keywords (outside tests) use flexible phrasing by default, because DECISIONS.md says phrasing
 *   exists so a recogniser's slips do not fail a learner who said the right thing, and the flexible
 *   matcher is kept narrow (near-match.ts) so that wrong answers practically never hit a keyword (the
 *   wrong-answer tests prove it on call-centre lines). `phrasing: 'strict'` makes them strict.
 * - Tests use their own `isFlexible` (default true, as in the Test form); confidence defaults to 60.
 * - Entries equal after normalising ("Refund" and "refund!", "a | b" and "b | a") count once; the first
 *   spelling is the one listed. Each entry counts once however often the transcript says it.
 * - An `&` entry matches when every part occurs anywhere in the transcript (any order); a `|` entry
 *   when at least one alternative does.
 * - Scores are rounded to 2 decimals first and the pass checks compare the rounded score, so the verdict
 *   always agrees with the figure shown (66.67 passes a threshold of 66.67).
 * - An invalid entry (both operators, empty part) throws KeywordEntryError; the route answers 400.
 * - A missing or non-finite overalConfidence / confidence uses the default 60.
 * - `spotted` (issue 14) is more evidence of what was said, never a change of the rules: the recogniser
 *   searched its lattice / spotted keywords for the line's keyword alternatives and lists those it found
 *   (normalised). An alternative (`|`) or part (`&`) whose normalised phrase is listed counts as found, in
 *   the line's keywords and the tests' alike; a listed phrase finds nothing else.
 * - `overrides` (issue 30) are a reviewer's decisions: an entry equal to an override's keyword after
 *   normalising (as uniqueKeywordEntries compares entries: "Refund" = "refund!", "a | b" = "b | a") is
 *   credited or missed as the reviewer decided, in the line's keywords and the tests' alike, whatever the
 *   transcript holds; the figures follow from the same rules. An override of a keyword the line does not
 *   have, or that does not parse, changes nothing; the last decision on a keyword counts.
 */
import { DEFAULT_OVERALL_CONFIDENCE, DEFAULT_TEST_CONFIDENCE } from './constants';
import { type KeywordEntry, KeywordEntryError, parseKeywordEntry, uniqueKeywordEntries } from './keyword-entry';
import { normalise } from './normalise';
import { percent } from './percent';
import { matchPhrase, type Phrasing, type PreparedText, preparePhrase, prepareText } from './phrase-match';

export interface GradeTestInput {
  name: string;
  /** Flexible (true, the default) or strict phrasing for this test's keywords. */
  isFlexible?: boolean;
  keywords: readonly string[];
  coachFeedback?: string;
  /** Pass mark of the test in percent (default 60). */
  confidence?: number;
}

export interface GradeLineInput {
  transcript: string;
  keywords?: readonly string[];
  tests?: readonly GradeTestInput[];
  natural_lenguage?: boolean;
  /** Pass mark of the line in percent (default 60). */
  overalConfidence?: number;
  /** Phrasing of the line keywords (not of tests); default 'flexible'. */
  phrasing?: Phrasing;
  /** Keyword alternatives the recogniser found by searching for them (Transcript.spotted), normalised. */
  spotted?: readonly string[];
  /** A reviewer's decisions on keyword entries (TKeywordOverride): credited or missed whatever was heard. */
  overrides?: readonly KeywordDecision[];
}

/** A reviewer's decision on one keyword entry (the fields gradeLine reads of a TKeywordOverride). */
export interface KeywordDecision {
  /** the entry as written (compared after normalise()) */
  keyword: string;
  credited: boolean;
}

export interface GradedTest {
  name: string;
  score: number;
  passed: boolean;
  correctKeywords: string[];
  missedKeywords: string[];
}

export interface GradeLineResult {
  correctKeywords: string[];
  missedKeywords: string[];
  keyword_accuracy: number;
  tests_matched: GradedTest[];
  missed_tests: GradedTest[];
  grade_score: number;
  passed: boolean;
}

function orDefault(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

/**
 * Does the entry match the transcript? `|`: any alternative; `&`: every part; plain: the phrase. A phrase
 * listed in `spotted` (normalised) is found without looking at the transcript.
 */
export function entryMatches(
  entry: KeywordEntry,
  transcript: PreparedText,
  phrasing: Phrasing,
  spotted: ReadonlySet<string> = NONE_SPOTTED,
): boolean {
  const found = (words: string[]) =>
    spotted.has(words.join(' ')) || matchPhrase(preparePhrase(words), transcript, phrasing);
  return entry.operator === '|' ? entry.phrases.some(found) : entry.phrases.every(found);
}

const NONE_SPOTTED: ReadonlySet<string> = new Set();

/** The spotted phrases in the normalisation of keyword phrases (already normalised ones stay as they are). */
export function spottedSet(spotted: readonly string[] | undefined): ReadonlySet<string> {
  if (!spotted?.length) return NONE_SPOTTED;
  return new Set(spotted.map((phrase) => normalise(phrase)).filter(Boolean));
}

const NO_DECISIONS: ReadonlyMap<string, boolean> = new Map();

/** The key of the entries a decision on `keyword` applies to (KeywordEntry.key); null when it does not parse. */
export function decisionKey(keyword: string): string | null {
  try {
    return parseKeywordEntry(keyword).key;
  } catch (error) {
    if (error instanceof KeywordEntryError) return null;
    throw error;
  }
}

/** The reviewer's decisions by entry key (the last one on an entry counts). */
export function decisionsOf(overrides: readonly KeywordDecision[] | undefined): ReadonlyMap<string, boolean> {
  if (!overrides?.length) return NO_DECISIONS;
  const decisions = new Map<string, boolean>();
  for (const o of overrides) {
    const key = decisionKey(o.keyword);
    if (key !== null) decisions.set(key, o.credited);
  }
  return decisions;
}

/** Whether the entry counts as said: the reviewer's decision on it, else what was heard (entryMatches). */
export function entryCredited(
  entry: KeywordEntry,
  transcript: PreparedText,
  phrasing: Phrasing,
  spotted: ReadonlySet<string>,
  decisions: ReadonlyMap<string, boolean>,
): boolean {
  return decisions.get(entry.key) ?? entryMatches(entry, transcript, phrasing, spotted);
}

interface KeywordSplit {
  correct: string[];
  missed: string[];
  score: number;
}

function gradeEntries(
  keywords: readonly string[],
  transcript: PreparedText,
  phrasing: Phrasing,
  spotted: ReadonlySet<string>,
  decisions: ReadonlyMap<string, boolean>,
): KeywordSplit {
  const correct: string[] = [];
  const missed: string[] = [];
  for (const entry of uniqueKeywordEntries(keywords)) {
    (entryCredited(entry, transcript, phrasing, spotted, decisions) ? correct : missed).push(entry.raw);
  }
  return { correct, missed, score: percent(correct.length, correct.length + missed.length) ?? 100 };
}

export function gradeLine(input: GradeLineInput): GradeLineResult {
  const transcript = prepareText(input.transcript);
  const spotted = spottedSet(input.spotted);
  const decisions = decisionsOf(input.overrides);
  const line = gradeEntries(input.keywords ?? [], transcript, input.phrasing ?? 'flexible', spotted, decisions);

  const tests_matched: GradedTest[] = [];
  const missed_tests: GradedTest[] = [];
  const tests = input.tests ?? [];
  for (const test of tests) {
    const phrasing = test.isFlexible === false ? 'strict' : 'flexible';
    const graded = gradeEntries(test.keywords, transcript, phrasing, spotted, decisions);
    const passed = graded.score >= orDefault(test.confidence, DEFAULT_TEST_CONFIDENCE);
    (passed ? tests_matched : missed_tests).push({
      name: test.name,
      score: graded.score,
      passed,
      correctKeywords: graded.correct,
      missedKeywords: graded.missed,
    });
  }

  const grade_score =
    input.natural_lenguage === true && tests.length > 0
      ? (percent(tests_matched.length, tests.length) ?? 100)
      : line.score;
  return {
    correctKeywords: line.correct,
    missedKeywords: line.missed,
    keyword_accuracy: line.score,
    tests_matched,
    missed_tests,
    grade_score,
    passed: grade_score >= orDefault(input.overalConfidence, DEFAULT_OVERALL_CONFIDENCE),
  };
}
