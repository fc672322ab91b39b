import { gradeLine, type TTakeSimStep, uniqueKeywordEntries } from '@sim/shared';

type KeywordSource = Pick<TTakeSimStep, 'keywords' | 'tests' | 'natural_lenguage' | 'overalConfidence'>;

function uniqueRaw(keywords: readonly string[]): string[] {
  try {
    return uniqueKeywordEntries(keywords).map((e) => e.raw);
  } catch {
    // an entry the rules refuse (the server refuses it when saved); shown as written
    return [...new Set(keywords)];
  }
}

/**
 * The keywords the live transcript is checked against: the line's own, or, for a line graded by tests
 * only, its tests' keywords (each listed once).
 */
export function keywordsToTick(step: KeywordSource): string[] {
  if (step.keywords.length > 0) return uniqueRaw(step.keywords);
  return uniqueRaw(step.tests.flatMap((t) => t.keywords));
}

/**
 * The keywords said so far: the shared grading module run on the partial transcript, so a keyword is
 * ticked by the same rules (normalising, number words, flexible phrasing, | and &) as the server grades
 * the line with.
 */
export function keywordsSaid(transcript: string, step: KeywordSource): string[] {
  if (transcript.trim() === '') return [];
  try {
    const graded = gradeLine({
      transcript,
      keywords: step.keywords,
      tests: step.tests,
      natural_lenguage: step.natural_lenguage,
      overalConfidence: step.overalConfidence,
    });
    const fromTests = [...graded.tests_matched, ...graded.missed_tests].flatMap((t) => t.correctKeywords);
    return [...new Set([...graded.correctKeywords, ...fromTests])];
  } catch {
    return [];
  }
}

/**
 * Ticks stay ticked for the rest of the take: a recogniser revises its partial transcript as it hears
 * more, and a keyword the learner has said should not flicker off.
 */
export function withTicks(ticked: ReadonlySet<string>, said: readonly string[]): ReadonlySet<string> {
  if (said.every((k) => ticked.has(k))) return ticked;
  return new Set([...ticked, ...said]);
}
