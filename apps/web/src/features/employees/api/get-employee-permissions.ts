import type { TEmployeePermissionsResponse } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { employeeKeys } from './get-employees';

/** GET /api/v1/employee/permission-details: what an employee holds today (the VIEW column). */
export function employeePermissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: employeeKeys.permissions(userId),
    queryFn: ({ signal }) =>
      apiRequest<TEmployeePermissionsResponse>('/api/v1/employee/permission-details', {
        signal,
        query: { user_id: userId },
      }),
    staleTime: 0,
  });
}

export function useEmployeePermissions(userId: string | null) {
  return useQuery({ ...employeePermissionsQueryOptions(userId ?? ''), enabled: userId !== null });
}
