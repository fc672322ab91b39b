import { attemptsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentKeys } from './get-assignments';

/** The sim of an assignment as its learner sees it: details, documents, hot links, levels. */
export function getLearnerSim(assignmentId: string, signal?: AbortSignal) {
  return apiRequest(attemptsApi.learnerSim, { query: { assignment_id: assignmentId } }, { signal });
}

export function learnerSimQueryOptions(assignmentId: string) {
  return queryOptions({
    queryKey: assignmentKeys.learnerSim(assignmentId),
    queryFn: ({ signal }) => getLearnerSim(assignmentId, signal),
  });
}

export function useLearnerSim(assignmentId: string) {
  return useQuery(learnerSimQueryOptions(assignmentId));
}
