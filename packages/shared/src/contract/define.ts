import type { z } from 'zod';
import type { RouteAccess } from '../routes/access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route answers with status 200:
 *   a zod schema — a JSON body (the server serializes through it; the client gets its type)
 *   'file'       — bytes with their own content type (a download, an audio file, a package's page)
 *   'none'       — no body the client reads (a redirect, a websocket upgrade)
 */
export type ResponseSpec = z.ZodType | 'file' | 'none';

/**
 * One route, described once: the server registers it from this (apps/server/src/lib/route.ts), the
 * route-permission table is derived from it, the OpenAPI document shows it and the web client calls it
 * (apps/web/src/lib/api-client.ts `apiRequest(route, input)`).
 */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify's path syntax: `:name` for a parameter, a trailing `*` for the rest of the path */
  url: string;
  access: RouteAccess;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** a zod schema for a JSON body, or 'multipart' for a form with a file (read by lib/multipart) */
  body?: z.ZodType | 'multipart';
  response: ResponseSpec;
  /** other success statuses that answer the same body (202: a job was queued) */
  alsoAnswers?: readonly (201 | 202)[];
  /** left out of the OpenAPI document (a websocket, the documents themselves) */
  hidden?: boolean;
}

/** Declares a route contract, keeping its literal types. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A part of the input: required when its schema has a required key, optional otherwise. */
type InputPart<K extends string, S> = S extends z.ZodType
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : unknown;

/** What a caller sends: params, query and a JSON body (a multipart form is typed by the client). */
export type RouteInput<C extends RouteContract> = InputPart<'params', C['params']> &
  InputPart<'query', C['query']> &
  (C['body'] extends z.ZodType ? InputPart<'body', C['body']> : unknown);

/** What a caller receives from a JSON route (what the server's serializer writes). */
export type RouteResponse<C extends RouteContract> = C['response'] extends z.ZodType ? z.input<C['response']> : never;

/** What a handler returns for a JSON route (the serializer encodes it through the schema). */
export type RouteResult<C extends RouteContract> = C['response'] extends z.ZodType ? z.output<C['response']> : unknown;

/** The route-permission key: `METHOD /url`. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** Fills `:name` parameters and a trailing `*` of a contract's URL (each value encoded). */
export function routePath(url: string, params: Record<string, unknown> = {}): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        const value = params[segment.slice(1)];
        if (value === undefined || value === null) throw new Error(`Missing route parameter ${segment}`);
        return encodeURIComponent(String(value));
      }
      if (segment === '*') {
        const rest = params['*'];
        if (typeof rest !== 'string') throw new Error('Missing route parameter *');
        return rest.split('/').map(encodeURIComponent).join('/');
      }
      return segment;
    })
    .join('/');
}
