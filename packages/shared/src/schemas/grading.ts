/** Body and answer of POST /api/v1/speech/grade, and the keyword / test fields of a script. */
import { z } from 'zod';
import {
  DEFAULT_OVERALL_CONFIDENCE,
  DEFAULT_TEST_CONFIDENCE,
  GRADING_LIMITS,
  GRADING_MESSAGES,
} from '../grading/constants';
import { keywordEntryProblem } from '../grading/keyword-entry';

/** One keyword entry: a phrase, or alternatives with `|`, or parts with `&` (never both). */
export const ZKeywordEntry = z.string().superRefine((value, ctx) => {
  const problem = keywordEntryProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const ZTest = z.object({
  name: z.string().trim().min(1, GRADING_MESSAGES.testNameRequired).max(200),
  isFlexible: z.boolean().default(true),
  keywords: z.array(ZKeywordEntry).min(1, GRADING_MESSAGES.testKeywordRequired).max(GRADING_LIMITS.keywordsMax),
  coachFeedback: z.string().max(2000).optional(),
  confidence: z.number().int().min(0).max(100).default(DEFAULT_TEST_CONFIDENCE),
});
export type TTest = z.infer<typeof ZTest>;

export const ZGradeRequest = z.object({
  transcript: z.string().max(GRADING_LIMITS.transcriptMax),
  keywords: z.array(ZKeywordEntry).max(GRADING_LIMITS.keywordsMax).default([]),
  tests: z.array(ZTest).max(GRADING_LIMITS.testsMax).default([]),
  natural_lenguage: z.boolean().default(false),
  overalConfidence: z.number().min(0).max(100).default(DEFAULT_OVERALL_CONFIDENCE),
  /** Not in the spec: phrasing of the line keywords (tests carry their own); default flexible. */
  phrasing: z.enum(['flexible', 'strict']).optional(),
});
export type TGradeRequest = z.infer<typeof ZGradeRequest>;

export const ZGradedTest = z.object({
  name: z.string(),
  score: z.number(),
  passed: z.boolean(),
  correctKeywords: z.array(z.string()),
  missedKeywords: z.array(z.string()),
});
export type TGradedTest = z.infer<typeof ZGradedTest>;

export const ZGradeResponse = z.object({
  success: z.literal(true),
  correctKeywords: z.array(z.string()),
  missedKeywords: z.array(z.string()),
  keyword_accuracy: z.number(),
  tests_matched: z.array(ZGradedTest),
  missed_tests: z.array(ZGradedTest),
  grade_score: z.number(),
  passed: z.boolean(),
});
export type TGradeResponse = z.infer<typeof ZGradeResponse>;
