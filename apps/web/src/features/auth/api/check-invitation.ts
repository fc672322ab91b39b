import type { ZCheckInvitationResponse } from '@sim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TCheckInvitationResponse = z.infer<typeof ZCheckInvitationResponse>;

export function checkInvitation(allowNewCompany: string, signal?: AbortSignal): Promise<TCheckInvitationResponse> {
  return apiRequest<TCheckInvitationResponse>('/api/v1/users/check-invitation', {
    query: { allowNewCompany },
    signal,
    public: true,
  });
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
