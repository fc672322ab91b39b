/**
 * A simulated user's HTTP calls, by route contract (packages/shared: a renamed route breaks the soak when
 * it compiles, not when it runs). Every call is timed under the contract's `METHOD url` and counted; an
 * answer that is not a success, a network failure or a timeout is an error of its kind, and throws
 * SoakError so the journey gives up what it was doing (as a user would) and goes on.
 */
import { type RouteContract, routeKey, routePath } from '@sim/shared';
import type { Metrics } from './metrics';

/** No request waits longer than this (a user would have given up): a timeout is an error. */
const TIMEOUT_MS = 60_000;

export class SoakError extends Error {}

type QueryValue = string | number | boolean | undefined;
export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** a multipart form instead of a JSON body */
  form?: FormData;
}

function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export class Client {
  token: string | null = null;

  constructor(
    readonly base: string,
    readonly metrics: Metrics,
  ) {}

  /** A JSON route: answers the parsed body. */
  json<T>(route: RouteContract, input: CallInput = {}): Promise<T> {
    return this.send(route.method, routeKey(route.method, route.url), this.path(route, input), input, async (r) =>
      JSON.parse(await r.text()),
    );
  }

  /** A download by its contract (an export): answers the bytes received; `name` tells it from the JSON call. */
  download(route: RouteContract, input: CallInput, name: string): Promise<number> {
    return this.send(
      route.method,
      name,
      this.path(route, input),
      input,
      async (r) => (await r.arrayBuffer()).byteLength,
    );
  }

  /** A GET of a URL the server handed out (a signed audio clip): answers the bytes received. */
  fetchUrl(url: string, name: string): Promise<number> {
    return this.send('GET', name, url, {}, async (r) => (await r.arrayBuffer()).byteLength);
  }

  private path(route: RouteContract, input: CallInput): string {
    return withQuery(routePath(route.url, input.params), input.query);
  }

  private async send<T>(
    method: string,
    name: string,
    path: string,
    input: CallInput,
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | FormData | undefined;
    if (input.form) body = input.form;
    else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const at = this.metrics.now();
    let status = 0;
    try {
      const res = await fetch(new URL(path, this.base), {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      if (!res.ok) {
        const text = await res.text();
        this.metrics.route(name, at, this.metrics.now() - at, false);
        const kind = `${status} ${name}`;
        this.metrics.error(kind, text);
        throw new SoakError(`${kind}: ${text.slice(0, 200)}`);
      }
      const value = await read(res);
      this.metrics.route(name, at, this.metrics.now() - at, true);
      return value;
    } catch (error) {
      if (error instanceof SoakError) throw error;
      this.metrics.route(name, at, this.metrics.now() - at, false);
      const why =
        error instanceof DOMException && error.name === 'TimeoutError'
          ? `no answer in ${TIMEOUT_MS / 1000} s`
          : status
            ? 'unreadable answer'
            : `network: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name}`;
      const kind = `${why} ${name}`;
      this.metrics.error(kind, String(error));
      throw new SoakError(`${kind}: ${String(error)}`);
    }
  }
}
