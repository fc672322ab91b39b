import type { PermissionType, TMatrixRole, TMatrixTask } from '@sim/shared';

/** The ticked permission ids of each role: role id → permission ids. */
export type MatrixSelection = Readonly<Record<string, ReadonlySet<string>>>;
type TaskPermissions = Pick<TMatrixTask, 'permissions'>;

export function selectionFromRoles(roles: readonly Pick<TMatrixRole, '_id' | 'permissions'>[]): MatrixSelection {
  return Object.fromEntries(roles.map((r) => [r._id, new Set(r.permissions)]));
}

/** The permission id of a task's type; undefined when the task does not offer it (the box is disabled). */
export function permissionIdOf(task: TaskPermissions, type: PermissionType): string | undefined {
  return task.permissions.find((p) => p.permission_type === type)?.permission_id;
}

export function isChecked(sel: MatrixSelection, roleId: string, task: TaskPermissions, type: PermissionType): boolean {
  const id = permissionIdOf(task, type);
  return Boolean(id && sel[roleId]?.has(id));
}

/**
 * Ticks or unticks one box (spec section 4): ticking create, update or delete also ticks view; ticking
 * again removes the entry; unticking view removes the task's other types too (they need view). A type
 * the task does not offer changes nothing.
 */
export function toggle(
  sel: MatrixSelection,
  roleId: string,
  task: TaskPermissions,
  type: PermissionType,
): MatrixSelection {
  const id = permissionIdOf(task, type);
  if (!id) return sel;
  const next = new Set(sel[roleId] ?? []);
  if (next.has(id)) {
    next.delete(id);
    if (type === 'view') for (const p of task.permissions) next.delete(p.permission_id);
  } else {
    next.add(id);
    const view = permissionIdOf(task, 'view');
    if (type !== 'view' && view) next.add(view);
  }
  return { ...sel, [roleId]: next };
}

const sameSet = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) =>
  (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((id) => b?.has(id));

/** The roles whose permissions differ from what is saved: the body of save-permissions. */
export function changedRoles(
  saved: MatrixSelection,
  current: MatrixSelection,
): { role_id: string; permissions: string[] }[] {
  return Object.keys(current)
    .filter((roleId) => !sameSet(saved[roleId], current[roleId]))
    .map((roleId) => ({ role_id: roleId, permissions: [...(current[roleId] ?? [])].sort() }));
}

export function isDirty(saved: MatrixSelection, current: MatrixSelection): boolean {
  return changedRoles(saved, current).length > 0;
}
