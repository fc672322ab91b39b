import type { TMatrixResponse } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const matrixKeys = {
  all: ['permission-matrix'] as const,
  company: (companyId: string | null) => [...matrixKeys.all, companyId] as const,
};

/** POST /api/v1/permissions/details?company_id */
export function getMatrix(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<TMatrixResponse>('/api/v1/permissions/details', {
    method: 'POST',
    query: { company_id: companyId },
    body: {},
    signal,
  });
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
