import { attemptsApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST retry-line: clears the line's recording and result, so it is recorded again. */
export function retryLine(lineId: string) {
  return apiRequest(attemptsApi.retryLine, { body: { id: lineId } });
}
