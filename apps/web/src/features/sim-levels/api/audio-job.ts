import {
  AUDIO_JOB_POLL_INTERVAL_MS,
  simAudioJobsApi,
  type TAudioJob,
  type TAudioJobResponse,
  type TGenerateMissingAudioRequest,
  type TLevelAudioJobResponse,
} from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { levelKeys } from './full-details';

export const isActiveJob = (job: TAudioJob | null | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'running';

/** The level's newest job, or null. */
export function getLevelAudioJob(simId: string, levelId: string, signal?: AbortSignal) {
  return apiRequest(simAudioJobsApi.levelJob, { query: { sim_id: simId, level_id: levelId } }, { signal });
}

export function getAudioJob(jobId: string, signal?: AbortSignal) {
  return apiRequest(simAudioJobsApi.job, { params: { id: jobId } }, { signal });
}

/** A new job (202), or the level's job already queued or running (200). */
export function startMissingAudio(body: TGenerateMissingAudioRequest) {
  return apiRequest(simAudioJobsApi.start, { body });
}

/**
 * The bulk audio job of a level: the newest one is read when the level is shown (a reloaded page resumes
 * showing progress), a queued or running job is polled every second, and when it ends the sim's full
 * details are fetched again so the new clips show.
 */
export function useLevelAudioJob(simId: string, levelId: string | null) {
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: levelKeys.levelAudioJob(simId, levelId ?? ''),
    queryFn: ({ signal }) => getLevelAudioJob(simId, levelId ?? '', signal),
    enabled: levelId !== null,
    select: (data) => data.job,
  });
  const base = latest.data ?? null;
  const polled = useQuery({
    queryKey: levelKeys.audioJob(base?._id ?? ''),
    queryFn: ({ signal }) => getAudioJob(base?._id ?? '', signal),
    enabled: isActiveJob(base),
    refetchInterval: (query) => (isActiveJob(query.state.data?.job ?? base) ? AUDIO_JOB_POLL_INTERVAL_MS : false),
    select: (data) => data.job,
  });
  const job = polled.data && polled.data._id === base?._id ? polled.data : base;

  // a job seen running that has now ended: keep its end as the level's newest job and refetch the sim
  const seenActive = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (isActiveJob(job)) {
      seenActive.current = job._id;
      return;
    }
    if (seenActive.current === job._id) {
      seenActive.current = null;
      queryClient.setQueryData<TLevelAudioJobResponse>(levelKeys.levelAudioJob(simId, job.level_id), {
        success: true,
        job,
      });
      void queryClient.invalidateQueries({ queryKey: levelKeys.fullDetails(simId) });
    }
  }, [job, queryClient, simId]);

  const start = useMutation({
    mutationFn: startMissingAudio,
    onSuccess: (answer) => {
      queryClient.setQueryData<TLevelAudioJobResponse>(levelKeys.levelAudioJob(simId, answer.job.level_id), {
        success: true,
        job: answer.job,
      });
      queryClient.setQueryData<TAudioJobResponse>(levelKeys.audioJob(answer.job._id), answer);
    },
  });

  return { job, isPending: latest.isPending && levelId !== null, error: latest.error ?? polled.error, start };
}
