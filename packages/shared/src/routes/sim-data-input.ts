import type { RouteAccess } from './access';

/** The authoring area: Data Input layouts and the case service. */
export const SIM_DATA_INPUT_ROUTES: Record<string, RouteAccess> = {};
