/**
 * Texts, defaults and tuning constants of the grading module (DECISIONS.md section 4).
 * The matcher's thresholds live here so the benchmark and the docs can name them.
 */

/** Request limits of POST /api/v1/speech/grade. */
export const GRADING_LIMITS = {
  transcriptMax: 10000,
  keywordsMax: 200,
  keywordMaxLength: 200,
  testsMax: 50,
} as const;

/** Messages shown to authors; `mixedOperators` is the spec's text, word for word. */
export const GRADING_MESSAGES = {
  mixedOperators: 'Use only one operator & or |',
  emptyKeyword: 'Please enter a keyword',
  emptyPart: 'Put a word on each side of & or |',
  keywordTooLong: `A keyword can have at most ${GRADING_LIMITS.keywordMaxLength} characters`,
  tooManyKeywords: `A line can have at most ${GRADING_LIMITS.keywordsMax} keywords`,
  testNameRequired: 'Please enter a name for the test',
  testKeywordRequired: 'Please enter at least one keyword',
  keywordHint: 'Separete the tags by comma, use only one operator & or |',
} as const;

/** A line passes when grade_score >= overalConfidence; the spec's default. */
export const DEFAULT_OVERALL_CONFIDENCE = 60;
/** A test passes when its score >= its confidence; default when the author leaves it out. */
export const DEFAULT_TEST_CONFIDENCE = 60;

/** Keyword operators: `|` lists alternatives (any one matches), `&` lists parts (all must match). */
export const OPERATOR_ANY = '|';
export const OPERATOR_ALL = '&';

/** The value of a figure that does not apply (never 0). */
export const NOT_APPLICABLE = 'N/A';

/**
 * Flexible phrasing: at most this many extra transcript words may stand between two consecutive words
 * of the phrase ("verify your date of birth" matches "verify your full date of birth").
 */
export const MAX_FLEXIBLE_GAP = 2;
/** Words that share a stem match only when both have at least this many letters ("hi" ≠ "his"). */
export const STEM_MATCH_MIN_LENGTH = 3;
/** Near (phonetic + edit distance) matches are tried only when both words have at least this many letters. */
export const NEAR_MATCH_MIN_LENGTH = 5;
/** From this length (longer word) a near match may differ by 2 edits; shorter words by 1. */
export const NEAR_MATCH_LONG_WORD = 8;
/** Two transcript words joined ("co pay") may match one phrase word ("copay") when the join has this many letters. */
export const COMPOUND_MIN_LENGTH = 5;
