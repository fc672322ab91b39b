import { resultsApi, type SettableStatus } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
 * The status change; afterwards every query is stale (the lists, counts, level cards, this result and its
 * audio status all show the status), so whatever is shown next asks again.
 */
export function useAddStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStatus,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
