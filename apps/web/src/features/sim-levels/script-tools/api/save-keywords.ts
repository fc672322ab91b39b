import { scriptsApi } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export interface SaveKeywordsBody {
  sim_id: string;
  script_id: string;
  keywords: string[];
}

/** A script's keywords (split on commas, unique, one operator & or | each). */
export function saveKeywords(body: SaveKeywordsBody) {
  return apiRequest(scriptsApi.keywords, { body });
}

export function useSaveKeywords() {
  return useMutation({ mutationFn: saveKeywords });
}
