import { RESULT_LIMITS, resultsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

export interface AudioStatusTarget {
  simId: string;
  assignmentId: string;
  userId: string | null;
}

/** GET /api/v1/sims/agent/audio/status?simId&assignmentId&user_id. */
export function getAudioStatus({ simId, assignmentId, userId }: AudioStatusTarget, signal?: AbortSignal) {
  return apiRequest(
    resultsApi.audioStatus,
    { query: { simId, assignmentId, ...(userId ? { user_id: userId } : {}) } },
    { signal },
  );
}

/** The assignment's audio processing, polled every 6 s until allAudioProcessed (section 4). */
export function audioStatusQueryOptions(target: AudioStatusTarget) {
  return queryOptions({
    queryKey: resultKeys.audioStatus(target.simId, target.assignmentId, target.userId),
    queryFn: ({ signal }) => getAudioStatus(target, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.allAudioProcessed ? false : RESULT_LIMITS.audioStatusPollMs),
  });
}

export function useAudioStatus(target: AudioStatusTarget, enabled = true) {
  return useQuery({ ...audioStatusQueryOptions(target), enabled });
}
