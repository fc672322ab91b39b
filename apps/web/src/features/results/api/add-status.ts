import { resultsApi, type SettableStatus } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys, STATUS_READER_KEYS } from './keys';

export interface AddStatusInput {
  assignmentId: string;
  status: SettableStatus;
  /** the attempt the decision is about */
  responseId: string | null;
  /** the reviewer's message to the learner (PASS / NO PASS) */
  comments?: string;
}

/** POST /api/v1/sims/assignment/add-status: send for review (the learner), PASS or NO PASS (a reviewer). */
export function addStatus({ assignmentId, status, responseId, comments = '' }: AddStatusInput) {
  return apiRequest(resultsApi.addStatus, {
    body: { _id: assignmentId, status, response_id: responseId, review_comments: comments },
  });
}

/**
 * The status change; afterwards only what shows the status is stale: the result views, their audio status and
 * track record ask again now, the dashboard's lists, counts and level cards and the scores when next shown.
 * Never every query: the take-sim page's start of an attempt is still mounted under the post-attempt result
 * view, and asking it again starts a level the assignment now locks (issue 31: a 409 replaced the result).
 */
export function useAddStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStatus,
    onSuccess: () => {
      for (const queryKey of STATUS_READER_KEYS) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    },
  });
}
