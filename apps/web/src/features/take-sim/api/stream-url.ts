import { speechApi } from '@sim/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET speech/stream-url: a signed websocket URL for streaming recognition, valid 5 minutes. */
export async function fetchStreamUrl(): Promise<string> {
  const answer = await apiRequest(speechApi.streamUrl);
  return answer.data.url;
}
