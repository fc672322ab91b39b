import { MESSAGES, UI_MESSAGES, ZErrorBody } from '@sim/shared';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/auth-storage';

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function failure(response: Response): Promise<ApiError> {
  if (response.status === 401) clearSession();
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  const parsed = ZErrorBody.safeParse(body);
  return parsed.success
    ? new ApiError(response.status, parsed.data.code, parsed.data.message)
    : new ApiError(response.status, `HTTP_${response.status}`, MESSAGES.internal);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, headers: authHeaders() });
  } catch {
    throw new ApiError(0, 'NETWORK', UI_MESSAGES.networkError);
  }
}

/** A multipart POST with the bearer token (the API client sends JSON only). */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await send(path, { method: 'POST', body: form });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** A GET of a file with the bearer token, saved by the browser under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await send(path, { method: 'GET' });
  if (!response.ok) throw await failure(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked once the browser has taken the file
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
