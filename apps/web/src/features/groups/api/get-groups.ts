import { groupsApi, type TGroupListQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (params: TGroupListQuery) => [...groupKeys.lists(), params] as const,
  members: (groupId: string) => [...groupKeys.all, 'members', groupId] as const,
};

/** skip, limit, textSearch, sortBy, order */
export function getGroups(params: TGroupListQuery, signal?: AbortSignal) {
  return apiRequest(groupsApi.list, { query: params }, { signal });
}

export function groupsQueryOptions(params: TGroupListQuery) {
  return queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => getGroups(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGroups(params: TGroupListQuery) {
  return useQuery(groupsQueryOptions(params));
}
