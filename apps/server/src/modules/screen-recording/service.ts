/**
 * The screen-recording module as other modules and the job registry see it (issue 16): the calls' services
 * (uploads.ts, build.ts, video.ts, retention.ts), the jobs, and what the result, score and level views show.
 */
export { BUILD_JOB_KIND, requestBuild } from './build';
export { buildVideoJob } from './build-job';
export {
  ensureRetentionRun,
  ensureRetentionRuns,
  RETENTION_JOB_KIND,
  retentionJob,
  sweepScreenParts,
} from './retention';
export { recordingCounts, recordingLinks, resultRecording } from './summary';
