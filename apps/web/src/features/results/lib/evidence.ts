import { EVIDENCE_TEXTS as E, type TKeywordEvidence } from '@sim/shared';
import { keywordPhrases, keywordWordIndexes } from './highlight';

/**
 * The evidence of a learner's line as the result view shows it (pure parts): where each keyword was heard or
 * expected, what the line says about it, and which words of the transcript mark it.
 */

export interface KeywordSpan {
  keyword: string;
  credited: boolean;
  start: number;
  end: number;
}

/** The keywords with a place in the recording (heard, or where they were expected), in order of time. */
export function keywordSpans(evidence: readonly TKeywordEvidence[]): KeywordSpan[] {
  return evidence
    .flatMap((e) =>
      e.start !== null && e.end !== null && Number.isFinite(e.start) && Number.isFinite(e.end)
        ? [{ keyword: e.keyword, credited: e.credited, start: e.start, end: Math.max(e.start, e.end) }]
        : [],
    )
    .sort((a, b) => a.start - b.start);
}

/** The recognisers that heard a keyword, readable ("Keyword search, In the transcript"); '' when none. */
export function sourcesText(e: TKeywordEvidence): string {
  return e.sources.map((s) => E.sources[s] ?? s).join(', ');
}

/** How many times a phrase's words occur in the transcript's words. */
function occurrences(words: readonly string[], phrase: string): number {
  const parts = keywordPhrases(phrase)[0];
  if (!parts || parts.length === 0) return 0;
  return keywordWordIndexes(words, [phrase]).size / parts.length;
}

/**
 * The words the transcript marks beyond the keywords it holds: what was heard in a keyword's place — green
 * for a credited keyword the transcript writes otherwise ("heard as"), red for a missed one ("expected X,
 * heard Y"). Only a phrase the transcript holds once is marked (it then is the keyword's place; a common word
 * written several times would be marked everywhere).
 */
export function heardMarks(
  transcript: string,
  evidence: readonly TKeywordEvidence[],
): { matched: string[]; missed: string[] } {
  const words = transcript.split(/\s+/).filter(Boolean);
  const matched: string[] = [];
  const missed: string[] = [];
  for (const e of evidence) {
    if (!e.heard || (e.credited && e.in_transcript)) continue;
    if (occurrences(words, e.heard) !== 1) continue;
    (e.credited ? matched : missed).push(e.heard);
  }
  return { matched, missed };
}
