import { employeesApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './get-user-info';

/** The company's roles and groups for the form's selects. */
export function formOptionsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.formOptions(),
    queryFn: ({ signal }) => apiRequest(employeesApi.formOptions, {}, { signal }),
  });
}

export function useFormOptions(enabled = true) {
  return useQuery({ ...formOptionsQueryOptions(), enabled });
}
