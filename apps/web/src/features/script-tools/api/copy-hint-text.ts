import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CopyHintTextBody {
  sim_id: string;
  /** the level whose hints are copied */
  level_id: string;
  /** the level that receives them */
  import_to_levelId: string;
}

/** POST /api/v1/sims/copy-hint-text: the hint texts of a level's lines go to the same lines of another level. */
export function copyHintText(body: CopyHintTextBody) {
  return apiRequest<{ success: true; message: string; updated: number }>('/api/v1/sims/copy-hint-text', {
    method: 'POST',
    body,
  });
}

export function useCopyHintText() {
  return useMutation({ mutationFn: copyHintText });
}
