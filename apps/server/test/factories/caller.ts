import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app';
import { PASSWORD } from './values';

/** What a caller needs of a test context: the app to inject requests into. */
export type AppContext = Pick<TestContext, 'app'>;
export type Answer = LightMyRequestResponse;
export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** 403 even when the client forges the task/type headers of the route. */
export const forged = (task: string, type: string) => ({ task, type });

/** A multipart/form-data body for app.inject: text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: FormFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sim${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A caller of the API with a bearer token (or none, for the 401 cases) and optional extra headers: JSON calls,
 * multipart forms, and `inject` for anything else (its headers are added to the caller's).
 */
export function caller(ctx: AppContext, token: string | null, extraHeaders: Record<string, string> = {}) {
  const headers = { ...(token ? bearer(token) : {}), ...extraHeaders };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    token,
    headers,
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown = {}) => send('POST', url, payload),
    patch: (url: string, payload: unknown = {}) => send('PATCH', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    delete: (url: string, payload?: unknown) => send('DELETE', url, payload),
    form: (url: string, fields: Record<string, string>, files: FormFile[] = []) => {
      const form = multipart(fields, files);
      return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
    },
    inject: (opts: InjectOptions) =>
      ctx.app.inject({ ...opts, headers: { ...headers, ...(opts.headers as Record<string, string> | undefined) } }),
  };
}
export type Caller = ReturnType<typeof caller>;

/** Signs in through the sign-in route (for tests of sign-in and sessions; setup mints tokens with `tokenFor`). */
export async function login(ctx: AppContext, email: string, password = PASSWORD): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}
