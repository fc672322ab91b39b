import { defineRoute } from '../contract/define';
import {
  ZAudioJobParams,
  ZAudioJobResponse,
  ZGenerateMissingAudioRequest,
  ZLevelAudioJobQuery,
  ZLevelAudioJobResponse,
} from '../schemas/jobs';
import { requires } from './access';

const tags = ['sim audio jobs'];

/**
 * The authoring area: bulk audio generation of a level, run as a background job the web polls. Starting one
 * is a change of the sim (sim_list update); following its progress is a read (sim_list view). The services
 * answer 404 for a sim or job of another company and refuse a sim in the trash.
 */
export const simAudioJobsApi = {
  /** 202 with a new job, 200 with the level's job already queued or running (the same body) */
  start: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/levels/generate-missing-audio',
    access: requires('sim_list', 'update'),
    tags,
    summary:
      "Queue a job generating the voice of every script of the level without audio, in its character's voice: 202 with the new job, or 200 with the level's job already queued or running",
    body: ZGenerateMissingAudioRequest,
    response: ZAudioJobResponse,
    alsoAnswers: [202],
  }),
  job: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/audio-jobs/:id',
    access: requires('sim_list', 'view'),
    tags,
    summary: 'An audio job with its progress (total, done, failed); poll it while queued or running',
    params: ZAudioJobParams,
    response: ZAudioJobResponse,
  }),
  levelJob: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/levels/audio-job',
    access: requires('sim_list', 'view'),
    tags,
    summary: 'The newest audio job of a level (null when it never had one), so a reloaded page resumes',
    query: ZLevelAudioJobQuery,
    response: ZLevelAudioJobResponse,
  }),
};
