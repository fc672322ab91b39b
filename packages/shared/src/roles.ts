import {
  PERMISSION_CATALOGUE,
  PERMISSION_TYPES,
  type PermissionKey,
  permissionKey,
  type TaskName,
} from './permissions';

export function sameRoleName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The tasks of the Admin product of the matrix: employees, groups, permissions, roles, notifications. */
export const ADMIN_TASKS: readonly TaskName[] = PERMISSION_CATALOGUE.filter((p) => p.name === 'Admin').flatMap((p) =>
  p.tasks.map((t) => t.name),
);

/** Every `task:type` key of the Admin product. */
export const ADMIN_PERMISSION_KEYS: readonly PermissionKey[] = ADMIN_TASKS.flatMap((task) =>
  PERMISSION_TYPES.map((type) => permissionKey(task, type)),
);

/**
 * A learner's account ("an agent" in the spec): effective permissions (role + temporary roles active
 * today) that hold no task of the Admin product. Decided by permissions, never by the role's name, so a
 * company that renames "agent" or makes its own learner roles keeps the same doors:
 * - "Login as agent" opens only a learner's account (and only one whose permissions the caller all holds);
 * - a learner may change only their nick name in My Settings.
 * The demo roles agree: agent is a learner; supervisor (Admin views), manager, admin and account owner are not.
 */
export function isLearnerAccess(permissions: ReadonlySet<string>): boolean {
  return !ADMIN_PERMISSION_KEYS.some((key) => permissions.has(key));
}
