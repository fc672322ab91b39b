/**
 * Texts of a grade's evidence (issue 30) as the result view and the real-time feedback show it: each keyword
 * of a learner's line with what the recognisers heard, where and how sure, and a reviewer's decision on it.
 * Not in the spec: written here once so the web app and its end-to-end tests read the same words.
 */
import { OPERATOR_ALL, OPERATOR_ANY } from './grading/constants';
import type { TKeywordEvidence, TPhraseSource } from './schemas/evidence';

/** Seconds as the evidence shows them: one decimal ("1.2"). */
const seconds = (s: number) => (Number.isFinite(s) ? Math.max(0, s) : 0).toFixed(1);

/** A span of the recording: "1.2–1.8 s". */
export function spanText(start: number, end: number): string {
  return `${seconds(start)}–${seconds(end)} s`;
}

/** A keyword entry as a person reads it: "Thursday|Thu" → "Thursday or Thu", "a&b" → "a and b". */
export function keywordText(entry: string): string {
  if (entry.includes(OPERATOR_ANY))
    return entry
      .split(OPERATOR_ANY)
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' or ');
  if (entry.includes(OPERATOR_ALL))
    return entry
      .split(OPERATOR_ALL)
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' and ');
  return entry.trim();
}

export const EVIDENCE_TEXTS = {
  /** the list of a line's keywords with their evidence */
  listTitle: 'Keyword evidence',
  listOf: (who: string) => `Keyword evidence of ${who}'s line`,
  /** the marks of the keywords on the waveform */
  marks: 'Keywords in the recording',
  credited: 'Credited',
  missed: 'Missed',
  /** readable names of the recognisers that heard a phrase */
  sources: {
    transcript: 'In the transcript',
    'neural-boosted': 'Neural recogniser (keyword-boosted)',
    'keyword-search': 'Keyword search',
    'biased-decode': 'Script-biased decode',
  } satisfies Record<TPhraseSource, string>,
  heardBy: 'Heard by',
  notHeard: 'Not heard by any recogniser',
  confidence: (value: number) => `Confidence ${Math.round(Math.min(1, Math.max(0, value)) * 100)}%`,
  at: 'At',
  expectedAt: 'Expected at',
  noTime: 'No time in the recording',
  span: spanText,
  /** the play button of a keyword's span (the waveform mark) */
  playSpan: (keyword: string, start: number, end: number) => `Play “${keywordText(keyword)}” (${spanText(start, end)})`,
  /** a credited keyword the transcript's words do not hold */
  heardAs: (heard: string, start: number | null, end: number | null) =>
    start !== null && end !== null ? `heard as “${heard}” (${spanText(start, end)})` : `heard as “${heard}”`,
  /** a credited keyword neither in the transcript nor with other words there */
  notInTranscript: 'not in the transcript: credited on the recognisers’ evidence',
  /** a keyword a reviewer decided: what was heard, and that the decision, not the recognisers, counts it */
  overturnedHeard: (heard: string, start: number | null, end: number | null) =>
    `heard “${heard}”${start !== null && end !== null ? ` (${spanText(start, end)})` : ''}, not counted by a reviewer’s decision`,
  overturned: 'not counted by a reviewer’s decision',
  grantedNotInTranscript: 'not in the transcript: counted by a reviewer’s decision',
  /** a missed keyword */
  expectedHeard: (expected: string, heard: string) => `expected ${keywordText(expected)}, heard ${heard}`,
  expectedNothing: (expected: string) => `expected ${keywordText(expected)}, nothing heard in its place`,
  /** the automatic decision when a reviewer changed it */
  autoWas: (credited: boolean) => `Automatic decision: ${credited ? 'credited' : 'missed'}`,
  /** a reviewer's decision on a keyword */
  decision: (credited: boolean, byName: string, date: string) =>
    `${credited ? 'Granted' : 'Credit overturned'} by ${byName} on ${date}`,
  reasonOf: (reason: string) => `Reason: ${reason}`,
  // the reviewer's change
  overturn: (keyword: string) => `Overturn the credit of “${keywordText(keyword)}”`,
  grant: (keyword: string) => `Grant “${keywordText(keyword)}”`,
  overturnTitle: (keyword: string) => `Overturn the credit of “${keywordText(keyword)}”`,
  grantTitle: (keyword: string) => `Grant “${keywordText(keyword)}”`,
  overturnEffect: (keyword: string) =>
    `“${keywordText(keyword)}” will count as not said. The line’s grade and the level’s keyword accuracy are recomputed, and the learner sees your decision and reason.`,
  grantEffect: (keyword: string) =>
    `“${keywordText(keyword)}” will count as said. The line’s grade and the level’s keyword accuracy are recomputed, and the learner sees your decision and reason.`,
  reason: 'Reason',
  reasonHelp: (min: number, max: number) => `Required: ${min} to ${max} characters. The learner sees it.`,
  reasonTooShort: (min: number) => `Write the reason for the change (at least ${min} characters).`,
  confirmOverturn: 'Overturn credit',
  confirmGrant: 'Grant keyword',
  cancel: 'Cancel',
} as const;

/**
 * What a keyword entry says beside the grade, so the transcript and the grade never silently disagree:
 * - credited and in the transcript: nothing more (the transcript shows it);
 * - credited, the transcript holds other words there: "heard as “excited” (2.1–2.6 s)";
 * - credited, nothing in the transcript there: that the recognisers' evidence (or a reviewer) credited it;
 * - a credit a reviewer overturned (the recognisers credited it): what was heard, not counted by the decision;
 * - missed: "expected Thursday, heard Friday", or that nothing was heard in its place.
 */
export function evidenceNote(
  e: Pick<
    TKeywordEvidence,
    'keyword' | 'credited' | 'auto_credited' | 'in_transcript' | 'heard' | 'start' | 'end' | 'override'
  >,
): string | null {
  const T = EVIDENCE_TEXTS;
  const decided = e.override !== null;
  if (e.credited) {
    if (e.in_transcript) return null;
    if (e.heard) return T.heardAs(e.heard, e.start, e.end);
    return decided ? T.grantedNotInTranscript : T.notInTranscript;
  }
  if (decided && e.auto_credited) return e.heard ? T.overturnedHeard(e.heard, e.start, e.end) : T.overturned;
  return e.heard ? T.expectedHeard(e.keyword, e.heard) : T.expectedNothing(e.keyword);
}
