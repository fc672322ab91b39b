import { rolesApi, type TRoleListQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: TRoleListQuery) => [...roleKeys.all, 'list', params] as const,
};

/** company_id (without it: the user's company); without limit: every role */
export function getRoles(params: TRoleListQuery, signal?: AbortSignal) {
  return apiRequest(rolesApi.list, { query: params }, { signal });
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
