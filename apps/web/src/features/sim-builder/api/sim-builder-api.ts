import { simsApi, type TBasicInfoData, type TUpdateCharactersRequest } from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { simKeys } from '../../../lib/sim-queries';

export const builderKeys = {
  sim: (simId: string) => [...simKeys.all, 'builder', simId] as const,
  characters: (simId: string) => [...simKeys.all, 'builder', simId, 'characters'] as const,
};

export type { TBuilderSim } from '@sim/shared';

/** The sim as the builder opens it. */
export function useBuilderSim(simId: string | null) {
  return useQuery({
    queryKey: builderKeys.sim(simId ?? ''),
    queryFn: ({ signal }) => apiRequest(simsApi.currentSim, { query: { id: simId ?? '' } }, { signal }),
    select: (data) => data.sim,
    enabled: simId !== null,
  });
}

/** The sim's characters, or the defaults when it has none. */
export function useCharacters(simId: string) {
  return useQuery({
    queryKey: builderKeys.characters(simId),
    queryFn: ({ signal }) => apiRequest(simsApi.characters, { query: { sim_id: simId } }, { signal }),
  });
}

/** The sim's basic information as the spec sends it: one multipart field `data` holding the JSON. */
export function useSaveBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TBasicInfoData) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      return apiRequest(simsApi.basicInfo, { form });
    },
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: simKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: builderKeys.sim(response.sim_id), exact: true });
    },
  });
}

export function useUpdateCharacters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCharactersRequest) => apiRequest(simsApi.updateCharacters, { body }),
    onSuccess: (_response, body) => {
      void queryClient.invalidateQueries({ queryKey: builderKeys.sim(body.sim_id) });
      void queryClient.invalidateQueries({ queryKey: simKeys.lists() });
    },
  });
}
