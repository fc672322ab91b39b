import { scoresApi } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scoreKeys } from './get-scores';

/** The filter panel's choices: tools, groups, members (with their groups), the sims of a tool with their levels. */
export function getScoreFilters(product: string | null, signal?: AbortSignal) {
  return apiRequest(scoresApi.filters, { query: product ? { product } : {} }, { signal });
}

export function scoreFiltersQueryOptions(product: string | null) {
  return queryOptions({
    queryKey: scoreKeys.filters(product),
    queryFn: ({ signal }) => getScoreFilters(product, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useScoreFilters(product: string | null, enabled = true) {
  return useQuery({ ...scoreFiltersQueryOptions(product), enabled });
}
