import type { RouteAccess } from './access';

/** The authoring area: uploads of a sim (attachments, tutorial, learning package, videos, audio). */
export const SIM_UPLOAD_ROUTES: Record<string, RouteAccess> = {};
