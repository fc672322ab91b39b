import { JOB_KINDS } from '@sim/shared';
import type { AppDeps } from '../deps';
import { LINE_GRADING_JOB_KIND, lineGradingJob, passedRecordings } from '../modules/attempts/service';
import { EMAIL_JOB_KIND, emailJob } from '../modules/mail/outbox';
import { BUILD_JOB_KIND, buildVideoJob, RETENTION_JOB_KIND, retentionJob } from '../modules/screen-recording/service';
import { levelAudioJob } from '../modules/sims/audio-jobs/handler';
import { ADAPTATION_JOB_KIND, adaptationJob } from '../modules/speech/service';
import { VOICE_SERVICE_JOB_KIND, voiceServiceJob } from '../modules/voice-service/service';
import type { JobHandlers } from './types';

/** Every kind of background job the server runs, with its handler. */
export const JOB_HANDLERS: JobHandlers<AppDeps> = {
  [JOB_KINDS.levelAudio]: levelAudioJob,
  [EMAIL_JOB_KIND]: emailJob,
  [LINE_GRADING_JOB_KIND]: lineGradingJob,
  [VOICE_SERVICE_JOB_KIND]: voiceServiceJob,
  [BUILD_JOB_KIND]: buildVideoJob,
  [RETENTION_JOB_KIND]: retentionJob,
  // the learner's recordings come from the attempts module
  [ADAPTATION_JOB_KIND]: adaptationJob(passedRecordings),
};
