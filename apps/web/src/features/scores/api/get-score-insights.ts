import { scoresApi, type TScoreFilterInput, type TScoreInsightsQuery } from '@sim/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scoreKeys } from './get-scores';

/** The chart of the filter: keyword accuracy per member and day, the daily quartiles, the most-missed keywords. */
export function getScoreInsights(query: TScoreInsightsQuery, body: TScoreFilterInput, signal?: AbortSignal) {
  return apiRequest(scoresApi.insights, { query, body }, { signal });
}

export function scoreInsightsQueryOptions(query: TScoreInsightsQuery, body: TScoreFilterInput) {
  return queryOptions({
    queryKey: scoreKeys.insights(query, body),
    queryFn: ({ signal }) => getScoreInsights(query, body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScoreInsights(query: TScoreInsightsQuery, body: TScoreFilterInput, enabled = true) {
  return useQuery({ ...scoreInsightsQueryOptions(query, body), enabled });
}
