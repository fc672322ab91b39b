import { hasPermission, type PermissionType, type TaskName } from './permissions';

/**
 * Who asks, as both sides hold it: the server's actor (its effective permissions: role and temporary roles
 * active today) and the web's signed-in user. The access rules of `<area>/rules.ts` are pure predicates over
 * an asker and plain records: the server's policies assert them (and choose the status and message of a
 * refusal), the web shows or disables its controls with the same functions.
 */
export interface Asker {
  readonly userId: string | null;
  readonly permissions: ReadonlySet<string>;
}

/** The asker holds the permission pair. */
export const asks = (asker: Pick<Asker, 'permissions'>, task: TaskName, type: PermissionType): boolean =>
  hasPermission(asker.permissions, task, type);
