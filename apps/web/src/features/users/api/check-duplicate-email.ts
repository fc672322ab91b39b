import { employeesApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** True when another user has the email. */
export async function isDuplicateEmail(emailId: string, id: string | null): Promise<boolean> {
  const answer = await apiRequest(employeesApi.duplicateEmail, { query: { emailId, id: id ?? undefined } });
  return answer.success;
}
