import {
  MESSAGES,
  type RouteContract,
  type RouteInput,
  type RouteResponse,
  rememberedUrl,
  routePath,
  UI_MESSAGES,
} from '@sim/shared';
import { clearSession, getToken, rememberRedirect } from './auth-storage';
import { isErrorBody } from './shape-guards';

/** A failed call: the HTTP status (0 when the server could not be reached), the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigationHandler = (to: string, options?: NavigateOptions) => void;

/** Without a router plugged in (before the app mounts): a page load. */
const pageLoad: NavigationHandler = (to) => {
  window.location.assign(to);
};
let navigationHandler: NavigationHandler = pageLoad;

/**
 * The app plugs its router in here so that 401 and 403 answers navigate without a page load; without an
 * argument the page-load default comes back (the tests do so after each test, as their routers go away).
 */
export function setNavigationHandler(handler: NavigationHandler = pageLoad): void {
  navigationHandler = handler;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** a multipart body (files); sent as is, the browser sets its content type */
  form?: FormData;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A public call (sign-in, password reset, registration): a 401 or 403 answer is the caller's to show,
   * and does not sign out or navigate.
   */
  public?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidInput,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
};

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy error page, an empty body)
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.code, body.message);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : (FALLBACK_MESSAGES[response.status] ?? MESSAGES.internal);
  return new ApiError(response.status, `HTTP_${response.status}`, message);
}

/** Goes to /login after a 401, remembering where the user was. */
function handleUnauthorized(): void {
  clearSession();
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  const remember = rememberedUrl(pathname, search);
  rememberRedirect(remember);
  navigationHandler('/login', { replace: true, state: { from: remember } });
}

/** What a contract's caller passes: its params, query and body, or a multipart form for a file route. */
export type ApiInput<C extends RouteContract> = RouteInput<C> &
  (C['body'] extends 'multipart' ? { form: FormData } : unknown);

/** Per call: an abort signal. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * What apiRequest reads of a contract at run time: its method, URL and access. The sign-in page's calls
 * pass this part only (features/auth/api/sign-in-routes.ts), so that the contract's zod schemas stay out of
 * /login's bundle; `contract` carries the whole contract's type (input and answer), never a value.
 */
export interface RouteTarget<C extends RouteContract> {
  readonly method: C['method'];
  readonly url: C['url'];
  readonly access: C['access'];
  /** type only: the contract this is the run-time part of */
  readonly contract?: C;
}

type RouteHead = Pick<RouteContract, 'method' | 'url' | 'access'>;

function fillUrl(url: string, input: { params?: Record<string, unknown>; query?: Record<string, QueryValue> }) {
  return buildUrl(routePath(url, input.params), input.query);
}

/** The URL of a contract with its params filled and its query appended. */
export function routeUrl<C extends RouteContract>(route: C, input: Partial<ApiInput<C>> = {}): string {
  return fillUrl(route.url, input as { params?: Record<string, unknown>; query?: Record<string, QueryValue> });
}

/** A call's input (required when the contract has a required part) and options. */
type CallArgs<C extends RouteContract> =
  Record<string, never> extends ApiInput<C>
    ? [input?: ApiInput<C>, options?: CallOptions]
    : [input: ApiInput<C>, options?: CallOptions];

/**
 * Calls a route of packages/shared/src/routes and returns its typed answer. A public route's 401 or 403
 * is the caller's to show (a wrong password), it does not sign out or navigate.
 */
export function apiRequest<C extends RouteContract>(route: C, ...args: CallArgs<C>): Promise<RouteResponse<C>>;
/** The same call with only the run-time part of the contract (the sign-in page's routes). */
export function apiRequest<C extends RouteContract>(
  route: RouteTarget<C>,
  ...args: CallArgs<C>
): Promise<RouteResponse<C>>;
export function apiRequest(target: RouteHead, ...rest: unknown[]): Promise<unknown> {
  const input = (rest[0] ?? {}) as {
    body?: unknown;
    form?: FormData;
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
  };
  const options = (rest[1] ?? {}) as CallOptions;
  return send(fillUrl(target.url, input), {
    method: target.method,
    body: input.body,
    form: input.form,
    signal: options.signal,
    public: target.access === 'public',
  });
}

/**
 * The one fetch wrapper of the app: same origin, JSON (or a multipart form) in and JSON out, the bearer
 * token from local storage.
 * Throws ApiError for any failed answer.
 */
async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token && !options.public) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', UI_MESSAGES.networkError);
  }

  if (!response.ok) {
    const error = await readError(response);
    if (!options.public) {
      if (response.status === 401) handleUnauthorized();
      // a refused read leaves the page it cannot show; a refused change keeps the page and its error says why
      else if (response.status === 403 && method === 'GET') navigationHandler('/permissiondenied');
    }
    throw error;
  }

  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', MESSAGES.internal);
  }
}

/** The file name of a Content-Disposition header (attachment; filename="..."), or the fallback. */
function dispositionFileName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = header?.match(/filename="?([^";]+)"?/i);
  return plain ? plain[1] : fallback;
}

/**
 * A file answer (an Excel export, a template) with the bearer token: its bytes and its file name. Failed
 * answers throw ApiError and sign out or navigate like apiRequest.
 */
export async function apiDownload<C extends RouteContract>(
  target: C | string,
  options: Pick<RequestOptions, 'signal'> & {
    input?: Partial<ApiInput<C>>;
    query?: Record<string, QueryValue>;
    fallbackName?: string;
    /** POST a JSON body (a filtered export); GET without one */
    body?: unknown;
    /** bytes received so far, while a streamed file arrives (its size is not known in advance) */
    onBytes?: (received: number) => void;
  } = {},
): Promise<{ blob: Blob; fileName: string }> {
  const path = typeof target === 'string' ? target : routeUrl(target, options.input);
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const post = options.body !== undefined;
  if (post) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: post ? 'POST' : 'GET',
      headers,
      body: post ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', UI_MESSAGES.networkError);
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401) handleUnauthorized();
    else if (response.status === 403) navigationHandler('/permissiondenied');
    throw error;
  }
  const fileName = dispositionFileName(response.headers.get('content-disposition'), options.fallbackName ?? 'download');
  const blob = options.onBytes ? await readCounting(response, options.onBytes) : await response.blob();
  return { blob, fileName };
}

/** The body of a response, reporting the bytes received as they arrive. */
async function readCounting(response: Response, onBytes: (received: number) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(parts, { type });
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.internal;
}
