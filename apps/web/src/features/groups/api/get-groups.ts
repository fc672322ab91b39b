import type { TGroupListQuery, TGroupListResponse } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (params: TGroupListQuery) => [...groupKeys.lists(), params] as const,
  members: (groupId: string) => [...groupKeys.all, 'members', groupId] as const,
};

/** GET /api/v1/groups/listing?skip&limit=10&textSearch&sortBy&order */
export function getGroups(params: TGroupListQuery, signal?: AbortSignal) {
  return apiRequest<TGroupListResponse>('/api/v1/groups/listing', { query: { ...params }, signal });
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
