import { casesApi } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET case-details?caseNumber: the case's values keyed by the layout fields' attribute names. */
export function useCaseDetails() {
  return useMutation({
    mutationFn: (caseNumber: string) => apiRequest(casesApi.details, { query: { caseNumber } }),
  });
}
