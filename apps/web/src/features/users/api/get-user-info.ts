import { employeesApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  info: (userId: string | null) => [...userKeys.all, 'info', userId ?? 'me'] as const,
  formOptions: () => [...userKeys.all, 'form-options'] as const,
};

/** A user's whole record (null = myself). */
export function userInfoQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: userKeys.info(userId),
    queryFn: ({ signal }) => apiRequest(employeesApi.userInfo, { query: { user_id: userId ?? undefined } }, { signal }),
    select: (data) => data.user,
    staleTime: 0,
  });
}

export function useUserInfo(userId: string | null, enabled = true) {
  return useQuery({ ...userInfoQueryOptions(userId), enabled });
}
