import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { signInRoutes } from './sign-in-routes';

export function checkInvitation(allowNewCompany: string, signal?: AbortSignal) {
  return apiRequest(signInRoutes.checkInvitation, { query: { allowNewCompany } }, { signal });
}

export function checkInvitationQueryOptions(allowNewCompany: string) {
  return queryOptions({
    queryKey: ['auth', 'check-invitation', allowNewCompany] as const,
    queryFn: ({ signal }) => checkInvitation(allowNewCompany, signal),
  });
}

/** Whether the invitation of the sign-in URL is valid; not asked when there is none. */
export function useInvitation(allowNewCompany: string | null) {
  return useQuery({ ...checkInvitationQueryOptions(allowNewCompany ?? ''), enabled: Boolean(allowNewCompany) });
}
