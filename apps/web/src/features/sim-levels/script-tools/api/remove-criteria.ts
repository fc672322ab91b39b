import { criteriaApi } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Unsets the criteria of the level. */
export function removeCriteria(body: { sim_id: string; sim_level_id: string }) {
  return apiRequest(criteriaApi.remove, { body });
}

export function useRemoveCriteria() {
  return useMutation({ mutationFn: removeCriteria });
}
