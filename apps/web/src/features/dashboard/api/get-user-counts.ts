import { assignmentsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  userCounts: () => [...dashboardKeys.all, 'user-counts'] as const,
};

/** The profile card: the company's name (company_name view) and its user counts (user_account view). */
export function getUserCounts(signal?: AbortSignal) {
  return apiRequest(assignmentsApi.userCount, {}, { signal });
}

export function userCountsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.userCounts(),
    queryFn: ({ signal }) => getUserCounts(signal),
  });
}

export function useUserCounts() {
  return useQuery(userCountsQueryOptions());
}
