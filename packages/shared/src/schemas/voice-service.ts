/** Bodies and answers of the hand-off to the external voice-recording service (learner-and-review.md §7). */
import { z } from 'zod';
import { SNOWFLY_STATUSES } from '../voice-service';
import { ZRowId } from './users';

export const ZSnowflyStatus = z.enum(SNOWFLY_STATUSES);

/**
 * POST /api/v1/sims/snowfly-audio-merge — the spec's fields. Only responseId (the attempt id) is needed:
 * the server reads the sim, level and learner from the attempt and sends its own values; simId and
 * simLevelId, when given, must be the attempt's (404 otherwise), the names and number are not trusted.
 */
export const ZSnowflyMergeRequest = z.object({
  responseId: ZRowId,
  simId: ZRowId.optional(),
  simLevelId: ZRowId.optional(),
  simName: z.string().max(500).optional(),
  levelName: z.string().max(500).optional(),
  levelNum: z.number().int().min(0).max(10_000).optional(),
  user: z.string().max(200).optional(),
});
export type TSnowflyMergeRequest = z.infer<typeof ZSnowflyMergeRequest>;

/**
 * The spec's `data.success` and `data.snowflyId`, with the hand-off's state: `sent` with the id when the
 * service answered within the wait, `queued` (id null, status 202) while the job runs or waits to retry,
 * `failed` (data.success false) with the reason.
 */
export const ZSnowflyMergeResponse = z.object({
  success: z.literal(true),
  data: z.object({
    success: z.boolean(),
    snowflyId: z.string().nullable(),
    status: ZSnowflyStatus,
    error: z.string().nullable(),
  }),
});
export type TSnowflyMergeResponse = z.infer<typeof ZSnowflyMergeResponse>;

// GET /api/v1/sims/snowfly-audio-merge/status?responseId
export const ZSnowflyStatusQuery = z.object({ responseId: ZRowId });
export type TSnowflyStatusQuery = z.infer<typeof ZSnowflyStatusQuery>;

/**
 * The hand-off of an attempt: status null when never asked; snowfly_id once sent; error when failed.
 * `available`: the service is configured and the level or result is flagged (the button may show).
 */
export const ZSnowflyStatusResponse = z.object({
  success: z.literal(true),
  status: ZSnowflyStatus.nullable(),
  snowfly_id: z.string().nullable(),
  error: z.string().nullable(),
  available: z.boolean(),
});
export type TSnowflyStatusResponse = z.infer<typeof ZSnowflyStatusResponse>;
