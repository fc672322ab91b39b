import { SCREEN_RECORDING, screenRecordingApi, type TGetVideoResponse } from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resultKeys } from './keys';

const videoKey = (attemptId: string) => [...resultKeys.all, 'screen-video', attemptId] as const;

/** GET get-video?id=: the attempt's screen-recording video (status, signed URL, details). */
export function getVideo(attemptId: string, signal?: AbortSignal) {
  return apiRequest(screenRecordingApi.getVideo, { query: { id: attemptId } }, { signal });
}

/** The attempt's video, asked again every SCREEN_RECORDING.statusPollMs while it is processing. */
export function useVideo(attemptId: string, enabled: boolean) {
  return useQuery({
    queryKey: videoKey(attemptId),
    queryFn: ({ signal }) => getVideo(attemptId, signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.video_status === 'processing' ? SCREEN_RECORDING.statusPollMs : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
}

export interface SaveVideoInput {
  attemptId: string;
  url: string;
  bestPractice: boolean;
}

/** POST save-screen-share-video?id= {url, bestPractice}: saved_on and marked_best_practice_on. */
export function saveVideo({ attemptId, url, bestPractice }: SaveVideoInput) {
  return apiRequest(screenRecordingApi.saveVideo, { query: { id: attemptId }, body: { url, bestPractice } });
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideo,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<TGetVideoResponse>(videoKey(input.attemptId), (old) =>
        old?.video_info ? { ...old, video_info: { ...old.video_info, ...answer.video_details } } : old,
      );
    },
  });
}
