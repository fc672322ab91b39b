import { permissionMatrixApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const matrixKeys = {
  all: ['permission-matrix'] as const,
  company: (companyId: string | null) => [...matrixKeys.all, companyId] as const,
};

/** The matrix of the company (null: the user's own). */
export function getMatrix(companyId: string | null, signal?: AbortSignal) {
  return apiRequest(permissionMatrixApi.details, { query: { company_id: companyId ?? undefined } }, { signal });
}

export function matrixQueryOptions(companyId: string | null) {
  return queryOptions({
    queryKey: matrixKeys.company(companyId),
    queryFn: ({ signal }) => getMatrix(companyId, signal),
    // roles change on the ROLES tab: read it again whenever the tab opens
    staleTime: 0,
  });
}

export function useMatrix(companyId: string | null) {
  return useQuery(matrixQueryOptions(companyId));
}
