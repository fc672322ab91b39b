/** Background jobs (ARCHITECTURE.md "Background work"): queued, running, done or failed, with progress. */
import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
