import { screenRecordingApi, type TRecordingRetention } from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RETENTION_KEY = ['users', 'screen-recording-retention'] as const;

/** GET company/screen-recording-retention: days, or null to keep recordings. */
export function useRecordingRetention(enabled: boolean) {
  return useQuery({
    queryKey: RETENTION_KEY,
    queryFn: ({ signal }) => apiRequest(screenRecordingApi.getRetention, {}, { signal }),
    enabled,
  });
}

/** POST company/screen-recording-retention {retention_days}. */
export function useSetRecordingRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecordingRetention) => apiRequest(screenRecordingApi.setRetention, { body }),
    onSuccess: (answer) => queryClient.setQueryData(RETENTION_KEY, answer),
  });
}
