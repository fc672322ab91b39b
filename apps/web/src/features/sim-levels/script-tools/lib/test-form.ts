import {
  DEFAULT_TEST_CONFIDENCE,
  GRADING_MESSAGES,
  parseConfidence,
  STRICT_TEST_CONFIDENCE,
  type TScript,
  type TTest,
} from '@sim/shared';

type StoredTest = TScript['tests'][number];

/** The Test form (authoring.md section 2): Name, Phrasing, Coach Intention, keywords, Confidence %. */
export interface TestDraft {
  name: string;
  isFlexible: boolean;
  coachFeedback: string;
  /** as typed; read with parseConfidence when saved */
  confidence: string;
}

export interface TestFormErrors {
  name?: string;
  keywords?: string;
}

export function emptyTestDraft(): TestDraft {
  return { name: '', isFlexible: true, coachFeedback: '', confidence: String(DEFAULT_TEST_CONFIDENCE) };
}

export function draftOf(test: StoredTest): TestDraft {
  return {
    name: test.name,
    isFlexible: test.isFlexible,
    coachFeedback: test.coachFeedback ?? '',
    confidence: String(test.confidence),
  };
}

/** The spec's messages: 'Please enter a name for the test', 'Please enter at least one keyword'. */
export function testFormErrors(draft: TestDraft, keywords: readonly string[]): TestFormErrors {
  const errors: TestFormErrors = {};
  if (draft.name.trim() === '') errors.name = GRADING_MESSAGES.testNameRequired;
  if (keywords.length === 0) errors.keywords = GRADING_MESSAGES.testKeywordRequired;
  return errors;
}

/**
 * The test as saved. Confidence % is an integer (non-numeric input is 0) and exists only for flexible
 * tests; a strict test is saved with 100 (all its keywords must be said).
 */
export function testOf(draft: TestDraft, keywords: readonly string[]): TTest {
  const coachFeedback = draft.coachFeedback.trim();
  return {
    name: draft.name.trim(),
    isFlexible: draft.isFlexible,
    keywords: [...keywords],
    ...(coachFeedback ? { coachFeedback } : {}),
    confidence: draft.isFlexible ? parseConfidence(draft.confidence) : STRICT_TEST_CONFIDENCE,
  };
}

/** The stored tests as the save request sends them (every test is sent: the list replaces the old one). */
export function testsForSave(tests: readonly StoredTest[]): TTest[] {
  return tests.map((t) => ({
    name: t.name,
    isFlexible: t.isFlexible,
    keywords: [...t.keywords],
    ...(t.coachFeedback ? { coachFeedback: t.coachFeedback } : {}),
    confidence: t.confidence,
  }));
}
