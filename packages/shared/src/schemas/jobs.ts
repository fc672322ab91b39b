/** Background jobs (ARCHITECTURE.md "Background work"): queued, running, done or failed, with progress. */
import { z } from 'zod';
import { ZRowId } from './users';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** The kinds of job the server knows; a worker claims only the kinds it has a handler for. */
export const JOB_KINDS = {
  /** generate the voice of every script of a level that has no audio */
  levelAudio: 'level-audio',
} as const;
export type JobKind = (typeof JOB_KINDS)[keyof typeof JOB_KINDS];

/** Messages a job records in its `error` when it ends as failed. */
export const JOB_MESSAGES = {
  /** the instance running it stopped (crash) more often than the queue allows */
  stalled: 'The job stopped responding and was given up after several tries.',
  /** an unexpected error (details are in the server log) */
  failed: 'The job could not be completed.',
} as const;

/** Generate All Missing Audio of a level (authoring, bulk voice generation). */
export const AUDIO_JOB_MESSAGES = {
  simGone: 'The sim was deleted or moved to the trash before all its audio was generated.',
  levelGone: 'The level was deleted before all its audio was generated.',
} as const;

/** The web polls a queued or running audio job this often. */
export const AUDIO_JOB_POLL_INTERVAL_MS = 1000;

export const ZAudioJob = z.object({
  _id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** scripts to voice; scripts deleted or voiced elsewhere meanwhile are taken off */
  total: z.number().int().nonnegative(),
  /** scripts voiced so far */
  done: z.number().int().nonnegative(),
  /** scripts whose voice could not be generated (the others go on) */
  failed: z.number().int().nonnegative(),
  /** why the job failed (status failed), else null */
  error: z.string().nullable(),
  level_id: z.string(),
  sim_id: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TAudioJob = z.infer<typeof ZAudioJob>;

// POST /api/v1/sims/levels/generate-missing-audio → 202 (new job) or 200 (the level's job already queued or running)
export const ZGenerateMissingAudioRequest = z.object({ sim_id: ZRowId, level_id: ZRowId });
export type TGenerateMissingAudioRequest = z.infer<typeof ZGenerateMissingAudioRequest>;
export const ZAudioJobResponse = z.object({ success: z.literal(true), job: ZAudioJob });
export type TAudioJobResponse = z.infer<typeof ZAudioJobResponse>;

// GET /api/v1/sims/audio-jobs/:id
export const ZAudioJobParams = z.object({ id: ZRowId });

// GET /api/v1/sims/levels/audio-job?sim_id&level_id → the newest job of the level, or null
export const ZLevelAudioJobQuery = z.object({ sim_id: ZRowId, level_id: ZRowId });
export type TLevelAudioJobQuery = z.infer<typeof ZLevelAudioJobQuery>;
export const ZLevelAudioJobResponse = z.object({ success: z.literal(true), job: ZAudioJob.nullable() });
export type TLevelAudioJobResponse = z.infer<typeof ZLevelAudioJobResponse>;
