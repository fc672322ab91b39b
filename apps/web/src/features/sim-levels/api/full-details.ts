import { type RouteResponse, simsApi } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TFullSim = RouteResponse<typeof simsApi.fullDetails>['sim'];

/** Query keys of the Create Levels step: every mutation of the step refetches the sim's full details. */
export const levelKeys = {
  all: ['sims', 'levels'] as const,
  fullDetails: (simId: string) => [...levelKeys.all, simId, 'full-details'] as const,
  levelAudioJob: (simId: string, levelId: string) => [...levelKeys.all, simId, 'audio-job', levelId] as const,
  audioJob: (jobId: string) => [...levelKeys.all, 'audio-jobs', jobId] as const,
};

/** Levels with their scripts, characters, signed audio urls. */
export function getFullDetails(simId: string, signal?: AbortSignal) {
  return apiRequest(simsApi.fullDetails, { query: { sim_id: simId } }, { signal });
}

export function fullDetailsQueryOptions(simId: string) {
  return queryOptions({
    queryKey: levelKeys.fullDetails(simId),
    queryFn: ({ signal }) => getFullDetails(simId, signal),
    select: (data) => data.sim,
  });
}

export function useFullDetails(simId: string) {
  return useQuery(fullDetailsQueryOptions(simId));
}
