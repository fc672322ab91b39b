import type { Grant, PermissionType, TaskName } from './permissions';

/**
 * What every server route needs. The server refuses to start if a registered route under /api is missing
 * here, and a test walks every route to prove it.
 *   public        — no sign-in
 *   signedIn      — any signed-in user of an existing company
 *   platformAdmin — a platform administrator (manages invitations, reads the outbox)
 *   { task, type }— the caller's effective permissions must hold the pair
 *   { anyOf }     — at least one of the pairs
 */
export type RouteAccess =
  | 'public'
  | 'signedIn'
  | 'platformAdmin'
  | { task: TaskName; type: PermissionType }
  | { anyOf: readonly Grant[] };

const p = (task: TaskName, type: PermissionType): RouteAccess => ({ task, type });

export const ROUTE_PERMISSIONS: Record<string, RouteAccess> = {
  // platform
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',
  // sign-in and accounts
  'POST /api/v1/login/': 'public',
  'POST /api/v1/login/forgot-password': 'public',
  'POST /api/v1/login/reset-password': 'public',
  'POST /api/v1/login/login-to-agent-account': p('employee_list', 'update'),
  'GET /api/v1/users/check-invitation': 'public',
  'POST /api/v1/users/register': 'public',
  'GET /api/v1/permissions/user-details': 'signedIn',
  'GET /api/v1/outbox': 'platformAdmin',
};

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
