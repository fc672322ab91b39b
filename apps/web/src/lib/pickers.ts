import { employeesApi, groupsApi, rolesApi } from '@sim/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The choice lists several admin screens share (groups, members, companies). */
export const pickerKeys = {
  all: ['pickers'] as const,
  groups: () => [...pickerKeys.all, 'groups'] as const,
  employees: () => [...pickerKeys.all, 'employees'] as const,
  companies: () => [...pickerKeys.all, 'companies'] as const,
};

/** The company's groups. */
export function groupOptionsQueryOptions() {
  return queryOptions({
    queryKey: pickerKeys.groups(),
    queryFn: ({ signal }) => apiRequest(groupsApi.options, {}, { signal }),
    select: (data) => data.groups,
  });
}

/** The company's employees, for owner, member and recipient selects. */
export function employeeOptionsQueryOptions() {
  return queryOptions({
    queryKey: pickerKeys.employees(),
    queryFn: ({ signal }) => apiRequest(employeesApi.minimalData, {}, { signal }),
    select: (data) => data.employees,
  });
}

/** Every company for a platform administrator, else the user's own. */
export function companiesQueryOptions() {
  return queryOptions({
    queryKey: pickerKeys.companies(),
    queryFn: ({ signal }) => apiRequest(rolesApi.companies, {}, { signal }),
    select: (data) => data.companies,
  });
}

export const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
