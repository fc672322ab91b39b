import { type RouteAccess, requires } from './access';

/**
 * The authoring area: bulk audio generation jobs of a level. Starting one is a change of the sim
 * (sim_list update); following its progress is a read (sim_list view). The services answer 404 for a
 * sim or job of another company and refuse a sim in the trash.
 */
export const SIM_AUDIO_JOB_ROUTES: Record<string, RouteAccess> = {
  'POST /api/v1/sims/levels/generate-missing-audio': requires('sim_list', 'update'),
  'GET /api/v1/sims/audio-jobs/:id': requires('sim_list', 'view'),
  'GET /api/v1/sims/levels/audio-job': requires('sim_list', 'view'),
};
