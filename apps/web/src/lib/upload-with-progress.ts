import { MESSAGES, type RouteContract, type RouteResponse, UI_MESSAGES } from '@sim/shared';
import { ApiError, type ApiInput, routeUrl } from './api-client';
import { clearSession, getToken } from './auth-storage';
import { isErrorBody } from './shape-guards';

export type OnProgress = (percent: number) => void;

export interface XhrRequest {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  /** the bearer token is sent to the API, never to a presigned URL (it carries its own signature) */
  bearer: boolean;
  contentType?: string;
  /** the only status that counts as success (a presigned PUT needs 200); any 2xx when left out */
  okStatus?: number;
  onProgress: OnProgress;
}

/**
 * XMLHttpRequest rather than fetch, for its upload progress. Resolves with the JSON body of a 2xx answer;
 * rejects with an ApiError carrying the server's message otherwise.
 */
export function sendWithProgress<T>({
  method,
  url,
  body,
  bearer,
  contentType,
  okStatus,
  onProgress,
}: XhrRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    const token = bearer ? getToken() : null;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', UI_MESSAGES.networkError));
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (okStatus === undefined ? xhr.status >= 200 && xhr.status < 300 : xhr.status === okStatus) {
        resolve(answer as T);
        return;
      }
      if (xhr.status === 401 && bearer) clearSession();
      reject(
        isErrorBody(answer)
          ? new ApiError(xhr.status, answer.code, answer.message)
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, MESSAGES.internal),
      );
    };
    xhr.send(body);
  });
}

/** A multipart route of packages/shared/src/routes with upload progress: its URL from the contract, its typed answer. */
export function sendFormWithProgress<C extends RouteContract & { method: 'POST' | 'PUT'; body: 'multipart' }>(
  route: C,
  input: ApiInput<C>,
  onProgress: OnProgress,
): Promise<RouteResponse<C>> {
  return sendWithProgress<RouteResponse<C>>({
    method: route.method,
    url: routeUrl(route, input),
    body: (input as { form: FormData }).form,
    bearer: route.access !== 'public',
    onProgress,
  });
}
