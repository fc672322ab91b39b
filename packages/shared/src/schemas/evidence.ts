/**
 * Evidence of a grade (issue 30): what the recognisers heard of each keyword phrase, where, and how sure;
 * per keyword entry of a line, whether it was credited, on what evidence, and a reviewer's decision on it.
 * Not in the spec: added beside the spec's result fields.
 */
import { z } from 'zod';

/**
 * Which recogniser heard a keyword phrase:
 * - transcript: the phrase is in the transcript's words (the unbiased neural recogniser's text, or
 *   pocketsphinx's when the neural one is not installed);
 * - neural-boosted: the neural recogniser's decode with the line's keyword phrases (and their confusable
 *   alternatives) favoured wrote it;
 * - keyword-search: pocketsphinx found it in its word lattice in its place in the line, above its
 *   confusable alternatives;
 * - biased-decode: pocketsphinx's 1-best, biased toward the line and its alternatives, wrote it.
 */
export const PHRASE_SOURCES = ['transcript', 'neural-boosted', 'keyword-search', 'biased-decode'] as const;
export const ZPhraseSource = z.enum(PHRASE_SOURCES);
export type TPhraseSource = z.infer<typeof ZPhraseSource>;

/** One keyword phrase (an alternative or part of an entry, normalised as the grader normalises it) the recognisers heard. */
export const ZPhraseEvidence = z.object({
  /** normalised as the grader normalises a keyword alternative ("12 dollars") */
  phrase: z.string(),
  sources: z.array(ZPhraseSource),
  /** seconds from the start of the recording */
  start: z.number(),
  end: z.number(),
  /** 0..1 */
  confidence: z.number(),
});
export type TPhraseEvidence = z.infer<typeof ZPhraseEvidence>;

/** A reviewer's decision on one keyword entry of a learner's line. */
export const ZKeywordOverride = z.object({
  /** the keyword entry as the author wrote it (as in keywords_matched / missed_keywords) */
  keyword: z.string(),
  /** true: granted (counted as said); false: overturned (counted as not said) */
  credited: z.boolean(),
  reason: z.string(),
  /** the reviewer's id and name */
  by: z.string(),
  by_name: z.string(),
  /** ISO time */
  at: z.string(),
});
export type TKeywordOverride = z.infer<typeof ZKeywordOverride>;

/**
 * One keyword entry of a learner's line (the line's keywords, then the tests' keywords not among them) as the
 * result shows it: credited or not, the evidence, what the transcript holds at its place.
 */
export const ZKeywordEvidence = z.object({
  /** the entry as the author wrote it */
  keyword: z.string(),
  /** the names of the tests that list it ([] for a line keyword no test lists) */
  tests: z.array(z.string()),
  /** the final decision (the reviewer's when there is one): what the figures count */
  credited: z.boolean(),
  /** what the recognisers and the grader decided, before any reviewer's decision */
  auto_credited: z.boolean(),
  /**
   * the alternative found (normalised) when auto-credited — an `&` entry's parts joined by " & " — else the
   * alternative the line's text holds (the first one when it holds none)
   */
  phrase: z.string(),
  /** which recogniser(s) heard it, when auto-credited (also when a reviewer overturned it); empty otherwise */
  sources: z.array(ZPhraseSource),
  /** where in the recording (seconds): the phrase when heard, else the place it was expected; null: unknown */
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** 0..1, when auto-credited */
  confidence: z.number().nullable(),
  /** auto-credited and the transcript's words hold the phrase */
  in_transcript: z.boolean(),
  /**
   * the transcript's words at the keyword's place (found by aligning the line's text to the transcript): "heard
   * as …" for a credited keyword the transcript does not hold, "expected X, heard Y" for a missed one; null for
   * a credited keyword the transcript holds, and when nothing was heard there
   */
  heard: z.string().nullable(),
  /** the reviewer's decision on the entry, null when none */
  override: ZKeywordOverride.nullable(),
});
export type TKeywordEvidence = z.infer<typeof ZKeywordEvidence>;

export const EVIDENCE_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;

/** What the server answers about a reviewer's keyword decision. */
export const EVIDENCE_MESSAGES = {
  saved: 'The keyword decision was saved and the figures recomputed.',
  /** 400: the keyword is not an entry of the line (its keywords or its tests') */
  notLineKeyword: "That keyword is not one of the line's keywords.",
  /** 409: the line's recording is not graded (Pending or Failed) */
  lineNotGraded: 'Only a graded line (status Completed) can have its keywords changed.',
  /** 409: the line's keywords no longer parse (the script was changed) */
  keywordsUnreadable: "The line's keywords can no longer be read; ask the author to fix them.",
  /** 403: a reviewer's own result */
  ownResult: 'You cannot change the keywords of your own result',
} as const;

/** The notification the learner receives when a reviewer changes a keyword of their line (the bell). */
export function keywordOverrideNotification(p: {
  simTitle: string;
  levelName: string;
  keyword: string;
  credited: boolean;
  reason: string;
}): string {
  const what = p.credited ? 'now counts as said' : 'no longer counts as said';
  return `A reviewer changed a keyword of your result "${p.simTitle}" (${p.levelName}): "${p.keyword}" ${what}. Reason: ${p.reason}`;
}

/** POST /api/v1/sims/result/keyword-override: a reviewer grants or overturns one keyword of a learner's line. */
export const ZKeywordOverrideRequest = z.object({
  /** the learner's take (line) id (ZResultLine.id) */
  line_id: z.string().uuid('line_id must be a line id'),
  /** the keyword entry, as listed in the line's evidence */
  keyword: z.string().min(1).max(500),
  credited: z.boolean(),
  reason: z
    .string()
    .trim()
    .min(EVIDENCE_LIMITS.reasonMin, 'Write the reason for the change (at least 3 characters).')
    .max(EVIDENCE_LIMITS.reasonMax, 'The reason can be at most 500 characters.'),
});
export type TKeywordOverrideRequest = z.infer<typeof ZKeywordOverrideRequest>;

export const ZKeywordOverrideResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the line's figures recomputed */
  grade_score: z.number(),
  passed: z.boolean(),
  /** the line's keyword lists and evidence after the change */
  keywords_matched: z.array(z.string()),
  missed_keywords: z.array(z.string()),
  evidence: z.array(ZKeywordEvidence),
  /** the attempt's figures recomputed (null: N/A) */
  keyword_accuracy: z.number().nullable(),
  overall_percentage: z.number().nullable(),
});
export type TKeywordOverrideResponse = z.infer<typeof ZKeywordOverrideResponse>;
