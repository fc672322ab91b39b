import { resultsApi, type TKeywordOverrideRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

/**
 * POST /api/v1/sims/result/keyword-override {line_id, keyword, credited, reason}: a reviewer grants or
 * overturns one keyword of a learner's line; the server recomputes the line's and the level's figures.
 */
export function keywordOverride(body: TKeywordOverrideRequest) {
  return apiRequest(resultsApi.keywordOverride, { body });
}

/**
 * The decision; afterwards the result views ask again (their figures and evidence changed). Only the result
 * queries: invalidating every query would also run again the take-sim page's start of an attempt, still
 * mounted under the post-attempt result view.
 */
export function useKeywordOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keywordOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultKeys.results() }),
  });
}
