import {
  authApi,
  hasAnyPermission,
  hasPermission,
  isoDay,
  isTempRoleActive,
  type PermissionType,
  permissionKey,
  TASK_NAMES,
  type TaskName,
  type TSessionUser,
  type TUserDetailsResponse,
  type TUserPermission,
} from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './api-client';
import { getStoredUser, saveStoredUser, useAuthToken } from './auth-storage';
import { sessionKeys } from './session-cache';

export { seedSession, sessionKeys } from './session-cache';

export async function fetchUserDetails(signal?: AbortSignal): Promise<TUserDetailsResponse> {
  const details = await apiRequest(authApi.userDetails, {}, { signal });
  saveStoredUser(details.user);
  return details;
}

export function userDetailsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.userDetails(),
    queryFn: ({ signal }) => fetchUserDetails(signal),
  });
}

const KNOWN_TASKS = new Set<string>(TASK_NAMES);

/**
 * The `task:type` keys the user holds: the role's permissions plus temporary roles active today
 * (the server's answer is the authority; this only decides what to show).
 */
export function flattenPermissions(permissions: readonly TUserPermission[], today = isoDay(new Date())): Set<string> {
  const keys = new Set<string>();
  for (const role of permissions) {
    if (role.temporary && role.start_date && role.end_date) {
      const window = { startDate: role.start_date.slice(0, 10), endDate: role.end_date.slice(0, 10) };
      if (!isTempRoleActive(window, today)) continue;
    }
    for (const detail of role.permission_details) {
      if (!KNOWN_TASKS.has(detail.task_name)) continue;
      keys.add(permissionKey(detail.task_name as TaskName, detail.permission_type));
    }
  }
  return keys;
}

/** The signed-in session: the user-details query, fetched while a token exists. */
export function useSession() {
  const token = useAuthToken();
  const query = useQuery({ ...userDetailsQueryOptions(), enabled: token !== null });
  const permissions = useMemo(() => flattenPermissions(query.data?.permissions ?? []), [query.data]);
  const user: TSessionUser | null = query.data?.user ?? (token ? getStoredUser() : null);
  return { token, user, permissions, newNotifications: query.data?.new_notifications ?? 0, query };
}

export interface PermissionsApi {
  permissions: ReadonlySet<string>;
  can: (task: TaskName, type: PermissionType) => boolean;
  canAny: (task: TaskName) => boolean;
}

export function usePermissions(): PermissionsApi {
  const { permissions } = useSession();
  return useMemo(
    () => ({
      permissions,
      can: (task, type) => hasPermission(permissions, task, type),
      canAny: (task) => hasAnyPermission(permissions, task),
    }),
    [permissions],
  );
}
