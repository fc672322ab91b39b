import type { RouteAccess } from './access';

/** The authoring area: bulk audio generation jobs of a level. */
export const SIM_AUDIO_JOB_ROUTES: Record<string, RouteAccess> = {};
