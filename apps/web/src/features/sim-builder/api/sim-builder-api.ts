import type {
  TBasicInfoData,
  TBasicInfoResponse,
  TCharacter,
  TCurrentSimResponse,
  TUpdateCharactersRequest,
} from '@sim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { simKeys } from '../../sims/api/get-sims';

export const builderKeys = {
  sim: (simId: string) => [...simKeys.all, 'builder', simId] as const,
  characters: (simId: string) => [...simKeys.all, 'builder', simId, 'characters'] as const,
};

export type TBuilderSim = TCurrentSimResponse['sim'];

/** GET /api/v1/sims/current-sim?id: the sim as the builder opens it. */
export function useBuilderSim(simId: string | null) {
  return useQuery({
    queryKey: builderKeys.sim(simId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<TCurrentSimResponse>('/api/v1/sims/current-sim', { query: { id: simId }, signal }),
    select: (data) => data.sim,
    enabled: simId !== null,
  });
}

interface CharactersResponse {
  success: true;
  defaults: boolean;
  sim_characters: TCharacter[];
  selectVoices: Record<string, string>;
}

/** GET /api/v1/sims/characters?sim_id: the sim's characters, or the defaults when it has none. */
export function useCharacters(simId: string) {
  return useQuery({
    queryKey: builderKeys.characters(simId),
    queryFn: ({ signal }) =>
      apiRequest<CharactersResponse>('/api/v1/sims/characters', { query: { sim_id: simId }, signal }),
  });
}

/** POST /api/v1/sims/basicInfo (a JSON body; the server also takes multipart `data`). */
export function useSaveBasicInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TBasicInfoData) =>
      apiRequest<TBasicInfoResponse>('/api/v1/sims/basicInfo', { method: 'POST', body: data }),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: simKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: builderKeys.sim(response.sim_id), exact: true });
    },
  });
}

/** PATCH /api/v1/sims/avatars/update-details */
export function useUpdateCharacters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCharactersRequest) =>
      apiRequest<{ success: true; message: string; sim_characters: TCharacter[] }>(
        '/api/v1/sims/avatars/update-details',
        { method: 'PATCH', body },
      ),
    onSuccess: (_response, body) => {
      void queryClient.invalidateQueries({ queryKey: builderKeys.sim(body.sim_id) });
      void queryClient.invalidateQueries({ queryKey: simKeys.lists() });
    },
  });
}
