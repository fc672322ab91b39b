import { levelsApi, type TGenerateSimRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** {sim_id, levelId: [settings of each generated level]}: answers the new levels. */
export function generateSim(body: TGenerateSimRequest) {
  return apiRequest(levelsApi.generate, { body });
}

export function useGenerateSim() {
  return useMutation({ mutationFn: generateSim });
}
