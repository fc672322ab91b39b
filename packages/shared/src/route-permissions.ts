import type { RouteAccess } from './routes/access';
import { ADMIN_ROUTES } from './routes/admin';
import { AUTH_ROUTES } from './routes/auth';
import { EMPLOYEE_ROUTES } from './routes/employees';
import { SIM_AUDIO_JOB_ROUTES } from './routes/sim-audio-jobs';
import { CASE_SERVICE_ROUTES, SIM_DATA_INPUT_ROUTES } from './routes/sim-data-input';
import { SIM_UPLOAD_ROUTES } from './routes/sim-uploads';
import { SIM_ROUTES } from './routes/sims';
import { SPEECH_ROUTES } from './routes/speech';

export { type RouteAccess, requires } from './routes/access';

/** One file per area under ./routes; each area adds its routes there. */
export const ROUTE_PERMISSIONS: Record<string, RouteAccess> = {
  ...AUTH_ROUTES,
  ...SPEECH_ROUTES,
  ...EMPLOYEE_ROUTES,
  ...ADMIN_ROUTES,
  ...SIM_ROUTES,
  ...SIM_UPLOAD_ROUTES,
  ...SIM_DATA_INPUT_ROUTES,
  ...CASE_SERVICE_ROUTES,
  ...SIM_AUDIO_JOB_ROUTES,
};

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
