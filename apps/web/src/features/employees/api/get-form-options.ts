import type { TFormOptionsResponse } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { employeeKeys } from './get-employees';

/** GET /api/v1/employee/form-options: the company's roles (for the temporary-role dialog). */
export function formOptionsQueryOptions() {
  return queryOptions({
    queryKey: employeeKeys.formOptions(),
    queryFn: ({ signal }) => apiRequest<TFormOptionsResponse>('/api/v1/employee/form-options', { signal }),
  });
}

export function useFormOptions(enabled = true) {
  return useQuery({ ...formOptionsQueryOptions(), enabled });
}
