import type { RouteAccess } from './access';

/**
 * The only /api routes without a contract: a plugin registers them, not our code (the OpenAPI document
 * and its UI, by @fastify/swagger-ui).
 */
export const PLUGIN_ROUTES: Record<string, RouteAccess> = {
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',
};
