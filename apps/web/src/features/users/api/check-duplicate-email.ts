import type { TDuplicateEmailResponse } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/users/duplicate-email: true when another user has the email. */
export async function isDuplicateEmail(emailId: string, id: string | null): Promise<boolean> {
  const answer = await apiRequest<TDuplicateEmailResponse>('/api/v1/users/duplicate-email', {
    query: { emailId, id: id ?? undefined },
  });
  return answer.success;
}
