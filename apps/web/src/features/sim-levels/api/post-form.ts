import { MESSAGES, UI_MESSAGES, ZErrorBody } from '@sim/shared';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/auth-storage';

/**
 * A multipart POST with the bearer token (the API client sends JSON only). Failed answers throw ApiError
 * with the server's message and status; a 401 drops the session, so the guard goes to /login.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', UI_MESSAGES.networkError);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (response.ok && body) return body as T;
  if (response.status === 401) clearSession();
  const parsed = ZErrorBody.safeParse(body);
  throw parsed.success
    ? new ApiError(response.status, parsed.data.code, parsed.data.message)
    : new ApiError(response.status, `HTTP_${response.status}`, MESSAGES.internal);
}
