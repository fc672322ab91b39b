import { MESSAGES, scriptsApi, type TLineResultResponse, ZLineResultResponse } from '@sim/shared';
import { useQueries } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { takeSimKeys } from './keys';

/**
 * GET get-missed-correct-keywords?id=<line id>: the line's grade; status Pending until the server has
 * graded the take, then Completed (or Failed when the audio could not be decoded). The route also answers
 * the author's Try Test, so its answer is read against the attempt's shape.
 */
export async function getLineResult(lineId: string, signal?: AbortSignal): Promise<TLineResultResponse> {
  const answer: unknown = await apiRequest(scriptsApi.missedCorrect, { query: { id: lineId } }, { signal });
  const parsed = ZLineResultResponse.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', MESSAGES.internal);
  return parsed.data;
}

export const isGraded = (result: TLineResultResponse) => result.status !== 'Pending';

/** The results of the attempt's lines (the post-attempt view), asked again while one is still Pending. */
export function useLineResults(lineIds: readonly string[], pollMs: number) {
  return useQueries({
    queries: lineIds.map((id) => ({
      queryKey: takeSimKeys.lineResult(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getLineResult(id, signal),
      refetchInterval: (query: { state: { data?: TLineResultResponse } }) =>
        query.state.data && isGraded(query.state.data) ? false : pollMs,
    })),
  });
}
