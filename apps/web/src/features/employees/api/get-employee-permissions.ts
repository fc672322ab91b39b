import { employeesApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { employeeKeys } from './get-employees';

/** What an employee holds today (the VIEW column). */
export function employeePermissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: employeeKeys.permissions(userId),
    queryFn: ({ signal }) => apiRequest(employeesApi.permissionDetails, { query: { user_id: userId } }, { signal }),
    staleTime: 0,
  });
}

export function useEmployeePermissions(userId: string | null) {
  return useQuery({ ...employeePermissionsQueryOptions(userId ?? ''), enabled: userId !== null });
}
