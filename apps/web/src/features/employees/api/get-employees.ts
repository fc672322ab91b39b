import {
  EMPLOYEE_PAGE_SIZE,
  type EmployeeSortColumn,
  employeesApi,
  type SortOrder,
  type TEmployeeListResponse,
} from '@sim/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (params: EmployeeListParams) => [...employeeKeys.lists(), params] as const,
  permissions: (userId: string) => [...employeeKeys.all, 'permissions', userId] as const,
  formOptions: () => [...employeeKeys.all, 'form-options'] as const,
};

export interface EmployeeListParams {
  textSearch: string;
  sortBy: EmployeeSortColumn;
  order: SortOrder;
}

/** One page (skip = limit × page). */
export function getEmployees(params: EmployeeListParams & { skip: number; limit: number }, signal?: AbortSignal) {
  return apiRequest(
    employeesApi.list,
    {
      query: {
        skip: params.skip,
        limit: params.limit,
        textSearch: params.textSearch || undefined,
        sortBy: params.sortBy,
        order: params.order,
      },
    },
    { signal },
  );
}

/** The pages loaded so far; the next page exists while fewer than the total are loaded. */
export function nextSkip(pages: readonly TEmployeeListResponse[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.employees.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  const last = pages.at(-1);
  if (!last || last.employees.length === 0 || loaded >= total) return undefined;
  return loaded;
}

export function employeesInfiniteQueryOptions(params: EmployeeListParams) {
  return infiniteQueryOptions({
    queryKey: employeeKeys.list(params),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getEmployees({ ...params, skip: pageParam, limit: EMPLOYEE_PAGE_SIZE }, signal),
    getNextPageParam: (_last, pages) => nextSkip(pages),
  });
}

/** The employee list with infinite scroll: pages of EMPLOYEE_PAGE_SIZE until the total. */
export function useEmployees(params: EmployeeListParams) {
  return useInfiniteQuery(employeesInfiniteQueryOptions(params));
}
