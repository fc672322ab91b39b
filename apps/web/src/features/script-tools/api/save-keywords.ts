import type { ZSaveKeywordsResponse } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TSaveKeywordsResponse = z.infer<typeof ZSaveKeywordsResponse>;

export interface SaveKeywordsBody {
  sim_id: string;
  script_id: string;
  keywords: string[];
}

/** POST /api/v1/sims/keywords: a script's keywords (split on commas, unique, one operator & or | each). */
export function saveKeywords(body: SaveKeywordsBody) {
  return apiRequest<TSaveKeywordsResponse>('/api/v1/sims/keywords', { method: 'POST', body });
}

export function useSaveKeywords() {
  return useMutation({ mutationFn: saveKeywords });
}
