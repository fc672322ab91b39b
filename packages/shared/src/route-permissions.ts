import { ALL_ROUTES } from './contract/catalogue';
import { routeKey } from './contract/define';
import type { RouteAccess } from './routes/access';
import { PLUGIN_ROUTES } from './routes/plugins';

export { type RouteAccess, requires } from './routes/access';

/**
 * `METHOD /url` → access, derived from the route contracts (packages/shared/src/routes), plus the routes a
 * plugin registers (routes/plugins.ts). The server reads a route's access from its contract; this table is
 * what the route tests walk.
 */
export const ROUTE_PERMISSIONS: Record<string, RouteAccess> = {
  ...PLUGIN_ROUTES,
  ...Object.fromEntries(ALL_ROUTES.map((r) => [routeKey(r.method, r.url), r.access])),
};
