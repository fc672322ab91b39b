import { groupsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { groupKeys } from './get-groups';

export function getGroupMembers(groupId: string, signal?: AbortSignal) {
  return apiRequest(groupsApi.members, { query: { group_id: groupId } }, { signal });
}

export function groupMembersQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
    select: (data) => data.users,
    staleTime: 0,
  });
}

export function useGroupMembers(groupId: string | undefined) {
  return useQuery({ ...groupMembersQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });
}
