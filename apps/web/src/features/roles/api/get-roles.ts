import type { TRoleListQuery, TRoleListResponse } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: TRoleListQuery) => [...roleKeys.all, 'list', params] as const,
};

/** GET /api/v1/company/role-list?company_id (without it: the user's company) */
export function getRoles(params: TRoleListQuery, signal?: AbortSignal) {
  return apiRequest<TRoleListResponse>('/api/v1/company/role-list', { query: { ...params }, signal });
}

export function rolesQueryOptions(params: TRoleListQuery) {
  return queryOptions({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(params: TRoleListQuery, enabled = true) {
  return useQuery({ ...rolesQueryOptions(params), enabled });
}
