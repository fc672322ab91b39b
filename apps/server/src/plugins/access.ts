import {
  hasPermission,
  isDeactivatedStatus,
  MESSAGES,
  PLUGIN_ROUTES,
  ROUTE_PERMISSIONS,
  type RouteAccess,
  routeKey,
} from '@sim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor';
import { Forbidden, Unauthorized } from '../lib/errors';
import { verifySignedPath } from '../lib/url-signing';
import { tokenStillHolds } from '../modules/auth/token-holders';
import { AccessCache } from '../modules/permissions/access-cache';
import type { UserAccess } from '../modules/permissions/access-repository';

/** The access rule of a route: an exact entry, or a `prefix/*` entry. */
export function accessFor(method: string, url: string): RouteAccess | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  const exact = ROUTE_PERMISSIONS[routeKey(m, url)];
  if (exact) return exact;
  for (const [key, access] of Object.entries(ROUTE_PERMISSIONS)) {
    if (!key.endsWith('/*')) continue;
    const prefix = key.slice(0, -1); // keeps the trailing slash
    const [km, kp] = prefix.split(' ');
    if (km === m && (url.startsWith(kp) || `${url}/` === kp)) return access;
  }
  return undefined;
}

/** The access of a route a plugin registers (the OpenAPI pages): `routes/plugins.ts`. */
function pluginRouteAccess(method: string, url: string): RouteAccess | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return (
    PLUGIN_ROUTES[routeKey(m, url)] ??
    (url.startsWith('/api/docs/') ? PLUGIN_ROUTES[routeKey(m, '/api/docs/*')] : undefined)
  );
}

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/case-service/api/');
}

export function allows(access: RouteAccess, actor: Actor): boolean {
  if (access === 'public' || access === 'signedIn' || access === 'signedUrl') return true;
  if (access === 'platformAdmin') return actor.isPlatformAdmin;
  if ('anyOf' in access) return access.anyOf.some((g) => hasPermission(actor.permissions, g.task, g.type));
  return hasPermission(actor.permissions, access.task, access.type);
}

async function authenticate(
  app: FastifyInstance,
  cache: AccessCache,
  request: FastifyRequest,
): Promise<{ actor: Actor; access: UserAccess }> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (!match) throw Unauthorized();
  const claims = await app.deps.tokens.verify(match[1].trim());
  if (!claims) throw Unauthorized(MESSAGES.sessionExpired);
  // an administrator logged in to an agent's account: the administrator must hold too (read afresh)
  if (claims.act && claims.act !== claims.sub && !(await tokenStillHolds(app.deps.db, claims)))
    throw Unauthorized(MESSAGES.sessionExpired);
  const state = await cache.load(app.deps.db, claims.sub, claims.cid, app.deps.now());
  // a token ends with a password change, a deactivation or a deletion of its user, not only at expiry
  if (
    !state ||
    isDeactivatedStatus(state.status) ||
    (state.tokensValidAfter && claims.issuedAtMs < state.tokensValidAfter.getTime())
  )
    throw Unauthorized(MESSAGES.sessionExpired);
  return { actor: { ...state.access.actor, impersonatorId: claims.act }, access: state.access };
}

/**
 * A signed, expiring URL: the signature covers the path, the expiry and the subject (user:company).
 * When the URL acts for a user, the user must still exist; their permissions are loaded as usual.
 */
async function verifySignedUrl(
  app: FastifyInstance,
  cache: AccessCache,
  request: FastifyRequest,
): Promise<Actor | null> {
  const path = request.url.split('?')[0];
  const check = verifySignedPath(app.deps.urlKey, path, request.query as Record<string, unknown>, app.deps.now());
  if (!check.ok) throw Unauthorized(check.reason === 'expired' ? MESSAGES.linkExpired : MESSAGES.linkInvalid);
  if (!check.sub) return null;
  const [userId, companyId] = check.sub.split(':');
  const state = companyId ? await cache.load(app.deps.db, userId, companyId, app.deps.now()) : null;
  if (!state) throw Unauthorized(MESSAGES.linkInvalid);
  return state.access.actor;
}

/**
 * Secure by default: every /api route must be listed in ROUTE_PERMISSIONS (registration fails
 * otherwise); each request is signed in and authorized from the caller's effective permissions, checked
 * against the database on every call (one read of the company's access version while the access is
 * cached, see AccessCache). The `task`/`type` headers a client sends are ignored.
 */
export function registerAccessControl(app: FastifyInstance) {
  const cache = new AccessCache();
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorateRequest('actor', null);
  app.decorateRequest('userAccess', null);
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // a route is registered from its contract (lib/route.ts); only a plugin's own routes are listed by hand
      if (!route.config?.contract && !pluginRouteAccess(method, route.url))
        throw new Error(`Route ${method} ${route.url} has no contract (packages/shared/src/routes).`);
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    }
  });
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions; // a getter that builds a new object: read once
    const url = route.url;
    if (!url || !isApiUrl(url)) return; // unknown routes fall to the 404 handler; the web app is public
    const access = route.config.contract?.access ?? pluginRouteAccess(request.method, url);
    if (!access) throw Forbidden();
    if (access === 'public') return;
    if (access === 'signedUrl') {
      request.actor = await verifySignedUrl(app, cache, request);
      return;
    }
    const { actor, access: userAccess } = await authenticate(app, cache, request);
    request.actor = actor;
    request.userAccess = userAccess;
    if (!allows(access, actor)) throw Forbidden();
  });
}

/** The signed-in caller of a route that is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw Unauthorized();
  return request.actor;
}
