import { layoutsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const layoutKeys = {
  all: ['layouts'] as const,
  ofSim: (simId: string) => ['layouts', simId] as const,
};

/** The sim's Data Input layouts (the auto-populate targets). */
export function getLayoutsQueryOptions(simId: string) {
  return queryOptions({
    queryKey: layoutKeys.ofSim(simId),
    queryFn: ({ signal }) => apiRequest(layoutsApi.fetch, { query: { sim_id: simId } }, { signal }),
    select: (data) => data.layouts,
  });
}

export function useLayouts(simId: string, enabled: boolean) {
  return useQuery({ ...getLayoutsQueryOptions(simId), enabled });
}
