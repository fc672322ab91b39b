import type { Grant, PermissionType, TaskName } from '../permissions';

/**
 * What every server route needs. The server refuses to start if a registered route under /api is missing
 * here, and a test walks every route to prove it.
 *   public        — no sign-in
 *   signedIn      — any signed-in user of an existing company
 *   platformAdmin — a platform administrator (manages invitations, reads the outbox)
 *   signedUrl     — no bearer token: the URL carries an HMAC signature and an expiry ("presigned")
 *   { task, type }— the caller's effective permissions must hold the pair
 *   { anyOf }     — at least one of the pairs
 */
export type RouteAccess =
  | 'public'
  | 'signedIn'
  | 'platformAdmin'
  | 'signedUrl'
  | { task: TaskName; type: PermissionType }
  | { anyOf: readonly Grant[] };

export const requires = (task: TaskName, type: PermissionType): RouteAccess => ({ task, type });
