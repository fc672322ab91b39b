/**
 * Bodies and answers of the screen-recording calls (learner-and-review.md section 7; DECISIONS.md section 6).
 * Every call is keyed by the attempt id (user_response_id). Field names as the spec spells them; fields the
 * spec does not list are marked "not in the spec".
 */
import { z } from 'zod';
import { SCREEN_RECORDING, VIDEO_STATUSES } from '../screen-recording';
import { ZRowId } from './users';

/** `?id=` — the attempt */
export const ZScreenShareQuery = z.object({ id: ZRowId });

/** A screen's file name: letters, digits, dot, dash and underscore, so it is safe as a key part. */
export const ZScreenShareFileName = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'The file name may hold only letters, digits, ".", "-" and "_".' });

/**
 * The text fields of the multipart form of save-screen-share-stream (the part itself is the file field
 * chunkData). Numbers arrive as form text.
 */
export const ZScreenShareChunkFields = z.object({
  id: ZRowId,
  chunkNumber: z.coerce
    .number()
    .int()
    .min(0)
    .max(SCREEN_RECORDING.maxTotalChunks - 1),
  /**
   * the parts this file has at least: while recording the total is not known yet, so a part says
   * chunkNumber + 1; the last part (sent after the recorder stopped) says the final count. The server keeps
   * the largest it was told and refuses a build while any part below it is missing.
   */
  totalChunks: z.coerce.number().int().min(1).max(SCREEN_RECORDING.maxTotalChunks),
  originalname: z.string().max(255).optional(),
  fileName: ZScreenShareFileName,
  fileType: z.string().max(120),
});
export type TScreenShareChunkFields = z.infer<typeof ZScreenShareChunkFields>;

export const ZScreenShareChunkResponse = z.object({
  success: z.literal(true),
  /** the number of distinct parts of this file the server holds (a part sent twice counts once) */
  received: z.number().int(),
  /** not in the spec: the part just acknowledged */
  chunkNumber: z.number().int(),
});
export type TScreenShareChunkResponse = z.infer<typeof ZScreenShareChunkResponse>;

export const ZBuildScreenShareRequest = z.object({
  /** the screens' file names, in the order they are laid out (1 or 2) */
  sources: z.array(ZScreenShareFileName).min(1).max(2),
  /** the attempt's length in seconds, as the page measured it */
  duration: z
    .number()
    .min(0)
    .max(24 * 3600),
  /** when each source started recording (ms since the epoch), in the order of sources; aligns the screens */
  stamps: z.array(z.number().min(0)).max(2).default([]),
});
export type TBuildScreenShareRequest = z.input<typeof ZBuildScreenShareRequest>;

export const ZBuildScreenShareResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  video_status: z.enum(VIDEO_STATUSES),
});

export const ZVideoInfo = z.object({
  /** seconds */
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** bytes */
  size: z.number().int(),
  screens: z.number().int(),
  created_on: z.string(),
  saved_on: z.string().nullable(),
  marked_best_practice_on: z.string().nullable(),
});
export type TVideoInfo = z.infer<typeof ZVideoInfo>;

export const ZGetVideoResponse = z.object({
  success: z.literal(true),
  /** null: no recording was built for this attempt */
  video_status: z.enum(VIDEO_STATUSES).nullable(),
  /** a signed, expiring URL of the MP4 (HTTP Range), once saved */
  video_url: z.string().nullable(),
  video_info: ZVideoInfo.nullable(),
  /** not in the spec: a signed URL that downloads the MP4; only for holders of download_video view */
  download_url: z.string().nullable(),
  /** not in the spec: why the build failed */
  error: z.string().nullable(),
});
export type TGetVideoResponse = z.infer<typeof ZGetVideoResponse>;

export const ZSaveScreenShareRequest = z.object({
  /** the video (its video_url, or the attempt's stored key); the attempt's one video */
  url: z.string().max(4096),
  bestPractice: z.boolean(),
});
export type TSaveScreenShareRequest = z.infer<typeof ZSaveScreenShareRequest>;

export const ZSaveScreenShareResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  video_details: z.object({
    saved_on: z.string().nullable(),
    marked_best_practice_on: z.string().nullable(),
  }),
});
export type TSaveScreenShareResponse = z.infer<typeof ZSaveScreenShareResponse>;

/** not in the spec: the company's retention of screen recordings */
export const ZRecordingRetention = z.object({
  /** null: keep recordings */
  retention_days: z.number().int().min(1).max(SCREEN_RECORDING.retentionMaxDays).nullable(),
});
export type TRecordingRetention = z.infer<typeof ZRecordingRetention>;
export const ZRecordingRetentionResponse = z.object({
  success: z.literal(true),
  data: ZRecordingRetention,
  message: z.string().optional(),
});
