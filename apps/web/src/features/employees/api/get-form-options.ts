import { employeesApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { employeeKeys } from './get-employees';

/** The company's roles (for the temporary-role dialog). */
export function formOptionsQueryOptions() {
  return queryOptions({
    queryKey: employeeKeys.formOptions(),
    queryFn: ({ signal }) => apiRequest(employeesApi.formOptions, {}, { signal }),
  });
}

export function useFormOptions(enabled = true) {
  return useQuery({ ...formOptionsQueryOptions(), enabled });
}
