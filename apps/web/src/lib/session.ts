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
  type TLoginResponse,
  type TSessionUser,
  type TUserDetailsResponse,
  type TUserPermission,
} from '@sim/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './api-client';
import { getStoredUser, saveStoredUser, useAuthToken } from './auth-storage';

export const sessionKeys = {
  all: ['session'] as const,
  userDetails: () => [...sessionKeys.all, 'user-details'] as const,
};

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

/** After sign-in: the answer already holds the user and permissions; the count of new notifications follows. */
export function seedSession(queryClient: QueryClient, login: TLoginResponse): void {
  const seeded: TUserDetailsResponse = {
    success: true,
    user: login.user,
    permissions: login.permissions,
    new_notifications: 0,
  };
  queryClient.setQueryData(sessionKeys.userDetails(), seeded);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails(), refetchType: 'none' });
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
