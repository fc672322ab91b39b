import type { TLayout } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LayoutFetchResponse {
  success: true;
  /** JSON text of the layouts, or '' when the sim has none */
  layoutString: string;
  layouts: TLayout[];
}

export const layoutKeys = {
  all: ['layouts'] as const,
  ofSim: (simId: string) => ['layouts', simId] as const,
};

/** GET /api/v1/layoutData/fetch?sim_id: the sim's Data Input layouts (the auto-populate targets). */
export function getLayoutsQueryOptions(simId: string) {
  return queryOptions({
    queryKey: layoutKeys.ofSim(simId),
    queryFn: ({ signal }) =>
      apiRequest<LayoutFetchResponse>('/api/v1/layoutData/fetch', { query: { sim_id: simId }, signal }),
    select: (data) => data.layouts,
  });
}

export function useLayouts(simId: string, enabled: boolean) {
  return useQuery({ ...getLayoutsQueryOptions(simId), enabled });
}
