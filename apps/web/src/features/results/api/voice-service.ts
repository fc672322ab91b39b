import { type TSnowflyStatusResponse, VOICE_SERVICE_LIMITS, voiceServiceApi } from '@sim/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

/** GET /api/v1/sims/snowfly-audio-merge/status?responseId: the hand-off's state and whether it is offered. */
export function getVoiceServiceStatus(attemptId: string, signal?: AbortSignal) {
  return apiRequest(voiceServiceApi.status, { query: { responseId: attemptId } }, { signal });
}

/** The state, asked again every few seconds while the hand-off is queued. */
export function voiceServiceQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: resultKeys.voiceService(attemptId),
    queryFn: ({ signal }) => getVoiceServiceStatus(attemptId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? VOICE_SERVICE_LIMITS.statusPollMs : false),
  });
}

export function useVoiceServiceStatus(attemptId: string, enabled: boolean) {
  return useQuery({ ...voiceServiceQueryOptions(attemptId), enabled });
}

export interface MergeInput {
  attemptId: string;
  simId: string;
  levelId: string;
}

/** POST /api/v1/sims/snowfly-audio-merge: the server reads the names and the level number (order + 1) itself. */
export function sendToVoiceService({ attemptId, simId, levelId }: MergeInput) {
  return apiRequest(voiceServiceApi.merge, { body: { responseId: attemptId, simId, simLevelId: levelId } });
}

export function useSendToVoiceService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToVoiceService,
    onSuccess: (answer, input) => {
      const key = resultKeys.voiceService(input.attemptId);
      const before = queryClient.getQueryData<TSnowflyStatusResponse>(key);
      queryClient.setQueryData<TSnowflyStatusResponse>(key, {
        success: true,
        available: before?.available ?? true,
        status: answer.data.status,
        snowfly_id: answer.data.snowflyId,
        error: answer.data.error,
      });
      if (answer.data.status === 'queued') void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
