import { criteriaApi, type TSetCriteriaRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The sim's pass/fail criteria, carried by this level. */
export function setCriteria(body: TSetCriteriaRequest) {
  return apiRequest(criteriaApi.set, { body });
}

export function useSetCriteria() {
  return useMutation({ mutationFn: setCriteria });
}
