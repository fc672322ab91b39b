import { scoresApi, type TScoreFilterInput, type TScoreListQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query keys of the score tab. */
export const scoreKeys = {
  all: ['scores'] as const,
  filters: (product: string | null) => [...scoreKeys.all, 'filters', product ?? ''] as const,
  list: (query: TScoreListQuery, body: TScoreFilterInput) => [...scoreKeys.all, 'list', query, body] as const,
  insights: (query: object, body: TScoreFilterInput) => [...scoreKeys.all, 'insights', query, body] as const,
};

/** A page of the score table: POST /api/v1/sims/level/listing?skip&limit&final_result&highest_level&sortBy&sort. */
export function getScores(query: TScoreListQuery, body: TScoreFilterInput, signal?: AbortSignal) {
  return apiRequest(scoresApi.listing, { query, body }, { signal });
}

export function scoresQueryOptions(query: TScoreListQuery, body: TScoreFilterInput) {
  return queryOptions({
    queryKey: scoreKeys.list(query, body),
    queryFn: ({ signal }) => getScores(query, body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScores(query: TScoreListQuery, body: TScoreFilterInput, enabled = true) {
  return useQuery({ ...scoresQueryOptions(query, body), enabled });
}
