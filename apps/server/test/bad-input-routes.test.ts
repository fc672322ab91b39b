import crypto from 'node:crypto';
import { INPUT_MESSAGES, PERMISSION_CATALOGUE, permissionKey } from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles } from '../src/db/schema/index';
import { signPath } from '../src/lib/url-signing';
import { permissionIdsByKey } from '../src/modules/permissions/catalogue';
import { accessFor } from '../src/plugins/access';
import {
  bearer,
  buildCompany,
  buildTestApp,
  buildUser,
  simWithScripts,
  type TestContext,
  tokenFor,
  unique,
} from './factories';

/**
 * The input rule (plugins/input-rules.ts) walked over the whole route table: signed in as a platform
 * administrator holding every permission, every string a route takes — each query parameter, each path
 * parameter, each string of its JSON body at any depth (from the OpenAPI document of its zod schema),
 * and JSON keys — is sent in turn holding a NUL character and a lone surrogate. Every answer must be 400
 * with the envelope, naming the field, and none may come from the database's refusal (the safety net).
 */

const NUL_JSON = 'a\\u0000b'; // JSON text: the escape, written literally
const SURROGATE_JSON = 'a\\ud800b';
const NUL_URL = 'a%00b';
const SURROGATE_URL = 'a%ED%A0%80b'; // U+D800 as (CESU-style) UTF-8, percent-encoded
const MARK = '__BAD_TEXT__';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Answer = { statusCode: number; body: string };

let ctx: TestContext;
let token: string;
let subject: string;
let ids: Record<string, string>;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  // a role holding every permission of the catalogue, and a platform administrator holding it
  const company = await buildCompany(ctx);
  const [role] = await ctx.db
    .insert(roles)
    .values({ companyId: company.companyId, name: unique('everything') })
    .returning({ id: roles.id });
  const permissionIds = await permissionIdsByKey(ctx.db);
  const all = PERMISSION_CATALOGUE.flatMap((p) =>
    p.tasks.flatMap((t) => t.types.map((type) => permissionIds.get(permissionKey(t.name as never, type))!)),
  );
  expect(all.every(Boolean)).toBe(true);
  await ctx.db.insert(rolePermissions).values(all.map((permissionId) => ({ roleId: role.id, permissionId })));
  const user = await buildUser(
    ctx,
    { ...company, roleIds: { ...company.roleIds, everything: role.id } },
    { role: 'everything', platformAdmin: true },
  );
  token = await tokenFor(ctx, user);
  subject = `${user.id}:${company.companyId}`;
  // real records, so that a body's ids lead past "not found" to the text fields
  const { simId, levelId, sim } = await simWithScripts(ctx, user);
  const script = sim.levels[0].scripts[0];
  ids = {
    sim: simId,
    level: levelId,
    script: script._id,
    character: sim.sim_characters[0]._id ?? crypto.randomUUID(),
    user: user.id,
    company: company.companyId,
    role: role.id,
  };
  paths = (ctx.app.swagger() as unknown as { paths: typeof paths }).paths;
}, 120_000);
afterAll(async () => ctx?.close());

/** An id of a real record for a field name (else a random uuid). */
function idFor(name: string): string {
  const n = name.toLowerCase();
  if (/script/.test(n)) return ids.script;
  if (/level/.test(n)) return ids.level;
  if (/character/.test(n)) return ids.character;
  if (/role/.test(n)) return ids.role;
  if (/company/.test(n)) return ids.company;
  if (/user|agent|member|owner|employee/.test(n)) return ids.user;
  if (/sim|^id$|^_id$/.test(n)) return ids.sim;
  return crypto.randomUUID();
}

function pick(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return pick(options.find((o) => o.type !== 'null' && !('not' in o)) ?? options[0]);
  if (schema.allOf?.length) return pick(schema.allOf[0]);
  return schema;
}

/** A value of a JSON schema (close to valid: the text fields must be reached, not pass every rule). */
function sample(input: Schema | undefined, name: string): unknown {
  if (!input) return 'text';
  const schema = pick(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, key);
    if (!schema.properties && schema.additionalProperties !== false)
      out.key = sample(
        typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
        'key',
      );
    return out;
  }
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) => sample(schema.items, `${name}${i}`));
  if (type === 'integer' || type === 'number') return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'uuid') return idFor(name);
  if (schema.format === 'email') return 'walk@example.test';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2030-01-01';
  if (schema.format === 'uri') return 'https://example.test/a';
  return 'text'.padEnd(schema.minLength ?? 0, 'x');
}

/** The paths of every string (and of every object, for keys) of a sample. */
function leaves(
  value: unknown,
  at: (string | number)[] = [],
  out = { strings: [] as (string | number)[][], objects: [] as (string | number)[][] },
) {
  if (typeof value === 'string') out.strings.push(at);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) leaves(v, [...at, i], out);
  } else if (value && typeof value === 'object') {
    out.objects.push(at);
    for (const [k, v] of Object.entries(value)) leaves(v, [...at, k], out);
  }
  return out;
}

function setAt(value: unknown, at: (string | number)[], replace: (old: unknown) => unknown): unknown {
  if (at.length === 0) return replace(value);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[at[0]] = setAt(copy[at[0]], at.slice(1), replace);
  return copy;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

function operationOf(method: string, url: string): Operation {
  return paths[openApiPath(url)]?.[method.toLowerCase()] ?? {};
}

/** A path with every parameter filled in, one of them (when named) holding `bad` instead. */
function fillPath(url: string, op: Operation, bad?: { name: string; value: string }): string {
  const schemaOf = (name: string) => op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
  const value = (name: string) => {
    if (bad?.name === name) return bad.value;
    const s = sample(schemaOf(name), name);
    if (name === '*') return 'file.txt';
    if (name === 'fileName') return 'file.pdf';
    return encodeURIComponent(String(s));
  };
  return url.replace(/:(\w+)/g, (_m, name: string) => value(name)).replace(/\*$/, () => value('*'));
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).concat(url.endsWith('*') ? ['*'] : []);
}

/** The request of a route: the path (signed when the route takes signed URLs), query and body. */
function send(method: string, url: string, path: string, query: string[], body?: string): Promise<Answer> {
  let target = path;
  const access = accessFor(method, url);
  if (access === 'signedUrl') target = signPath(ctx.deps.urlKey, path, 600, ctx.deps.now(), subject);
  if (query.length) target += (target.includes('?') ? '&' : '?') + query.join('&');
  const headers: Record<string, string> = { ...bearer(token) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return ctx.app.inject({
    method: method as 'GET',
    url: target,
    headers,
    payload: body,
    // a fresh address each time: no per-address rate limit counts this walk
    remoteAddress: `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
  });
}

interface Case {
  what: string;
  field?: string | null; // the field the answer must name; null: must name none; undefined: not checked
  run: () => Promise<Answer>;
}

function casesOf(method: string, url: string): Case[] {
  const op = operationOf(method, url);
  const cases: Case[] = [];
  const basePath = fillPath(url, op);
  // a signed URL's own parameters are made by signing it (bad ones answer 401: the signature comes first)
  const signed = accessFor(method, url) === 'signedUrl';
  const queryParams = (op.parameters ?? []).filter(
    (p) => p.in === 'query' && !(signed && ['exp', 'sig', 'sub'].includes(p.name)),
  );
  const baseQuery = (skip?: string) =>
    queryParams
      .filter((p) => p.name !== skip)
      .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  // the signed uploads take the raw file, not JSON
  const takesBody = method !== 'GET' && !url.includes('/presigned-upload/');
  const baseBody = bodySchema ? sample(bodySchema, 'body') : {};
  const json = (value: unknown, bad: string) => JSON.stringify(value).split(`"${MARK}"`).join(`"${bad}"`);
  const bodyOr = () => (takesBody ? JSON.stringify(baseBody) : undefined);

  // every query parameter of the route's schema, and one it does not know
  for (const name of [...queryParams.map((p) => p.name), 'extra']) {
    cases.push({
      what: `query ${name} with NUL`,
      field: name,
      run: () => send(method, url, basePath, [...baseQuery(name), `${name}=${NUL_URL}`], bodyOr()),
    });
    cases.push({
      what: `query ${name} with a lone surrogate`,
      field: null,
      run: () => send(method, url, basePath, [...baseQuery(name), `${name}=${SURROGATE_URL}`], bodyOr()),
    });
  }
  // every path parameter (a lone surrogate in a path is refused by the router: see the test below)
  for (const name of pathParams(url)) {
    cases.push({
      what: `path :${name} with NUL`,
      field: name,
      run: () => send(method, url, fillPath(url, op, { name, value: NUL_URL }), baseQuery(), bodyOr()),
    });
  }
  if (!takesBody) return cases;
  // every string of the JSON body, at any depth
  const { strings, objects } = leaves(baseBody);
  for (const at of [...strings, ['extra']]) {
    const body = setAt(baseBody, at, () => MARK);
    for (const [label, bad] of [
      ['NUL', NUL_JSON],
      ['a lone surrogate', SURROGATE_JSON],
    ] as const) {
      cases.push({
        what: `body ${at.join('.')} with ${label}`,
        field: at.join('.'),
        run: () => send(method, url, basePath, baseQuery(), json(body, bad)),
      });
    }
  }
  // a key holding the bad text, at the top and in the deepest object
  const deepest = objects.reduce((a, b) => (b.length > a.length ? b : a), [] as (string | number)[]);
  for (const at of [[], deepest]) {
    const body = setAt(baseBody, at, (old) => ({ ...(old as object), [MARK]: 'x' }));
    for (const bad of [NUL_JSON, SURROGATE_JSON])
      cases.push({
        what: `a key in ${at.join('.') || 'the body'} holding ${bad}`,
        run: () => send(method, url, basePath, baseQuery(), json(body, bad)),
      });
  }
  return cases;
}

function problemOf(c: Case, res: Answer): string | null {
  let body: { success?: unknown; message?: unknown; code?: unknown; field?: unknown } = {};
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${c.what}: ${res.statusCode} not JSON: ${res.body.slice(0, 200)}`;
  }
  if (res.statusCode !== 400) return `${c.what}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (body.success !== false || typeof body.message !== 'string' || body.code !== 'INVALID')
    return `${c.what}: not the envelope: ${res.body.slice(0, 300)}`;
  if (body.message === INPUT_MESSAGES.databaseRefused) return `${c.what}: refused by the database, not at parse time`;
  if (c.field !== undefined && (body.field ?? null) !== c.field)
    return `${c.what}: names the field ${String(body.field)} instead of ${String(c.field)}`;
  return null;
}

describe('NUL characters and lone surrogates in every string of every route', () => {
  it('answers 400 with the envelope, naming the field, on every registered API route', async () => {
    const routes = (ctx.app as unknown as { apiRoutes: { method: string; url: string }[] }).apiRoutes;
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let count = 0;
    for (const { method, url } of routes) {
      const cases = casesOf(method, url);
      // a few at a time: the walk is several hundred requests
      for (let i = 0; i < cases.length; i += 8) {
        const batch = cases.slice(i, i + 8);
        const answers = await Promise.all(batch.map((c) => c.run()));
        batch.forEach((c, j) => {
          count++;
          const problem = problemOf(c, answers[j]);
          if (problem) problems.push(`${method} ${url} — ${problem}`);
        });
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(500);
  }, 300_000);

  it('refuses an id that is not a uuid at parse time (never the database) in every field named like an id', async () => {
    const routes = (ctx.app as unknown as { apiRoutes: { method: string; url: string }[] }).apiRoutes;
    const problems: string[] = [];
    const idLike = (name: string | number) => typeof name === 'string' && /(^|_)ids?$|[a-z]Ids?$/.test(name);
    let count = 0;
    for (const { method, url } of routes) {
      const op = operationOf(method, url);
      const signed = accessFor(method, url) === 'signedUrl';
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query' && !signed);
      const query = (bad?: string) =>
        queryParams.map(
          (p) =>
            `${encodeURIComponent(p.name)}=${p.name === bad ? 'str' : encodeURIComponent(String(sample(p.schema, p.name)))}`,
        );
      const path = fillPath(url, op);
      const attempts: { what: string; run: () => Promise<Answer> }[] = [];
      for (const p of queryParams.filter((q) => idLike(q.name)))
        attempts.push({ what: `query ${p.name}`, run: () => send(method, url, path, query(p.name)) });
      for (const name of pathParams(url).filter(idLike))
        attempts.push({
          what: `path :${name}`,
          run: () => send(method, url, fillPath(url, op, { name, value: 'str' }), query()),
        });
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (method !== 'GET' && bodySchema) {
        const base = sample(bodySchema, 'body');
        for (const at of leaves(base).strings.filter((a) => idLike(a[a.length - 1])))
          attempts.push({
            what: `body ${at.join('.')}`,
            run: () => send(method, url, path, query(), JSON.stringify(setAt(base, at, () => 'str'))),
          });
      }
      for (const a of attempts) {
        count++;
        const res = await a.run();
        if (res.statusCode >= 500 || res.body.includes(INPUT_MESSAGES.databaseRefused))
          problems.push(`${method} ${url} — ${a.what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(50);
  }, 120_000);

  it('answers 400 with the envelope for a lone surrogate in a path parameter (refused by the router)', async () => {
    const routes = (ctx.app as unknown as { apiRoutes: { method: string; url: string }[] }).apiRoutes;
    const withParams = routes.filter((r) => pathParams(r.url).length > 0);
    expect(withParams.length).toBeGreaterThan(5);
    for (const { method, url } of withParams) {
      const op = operationOf(method, url);
      for (const name of pathParams(url)) {
        const res = await send(method, url, fillPath(url, op, { name, value: SURROGATE_URL }), [], undefined);
        expect(res.statusCode, `${method} ${url} :${name} ${res.body}`).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'INVALID', message: expect.any(String) });
      }
    }
  });

  it('a body that is not an object: an array, a bare string, text/plain', async () => {
    const post = (payload: string, type = 'application/json') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sims/log-error',
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
    for (const payload of [`["${NUL_JSON}"]`, `"${SURROGATE_JSON}"`, `[{"a":[{"b":"${NUL_JSON}"}]}]`]) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID' });
    }
    const text = await post('a\u0000b', 'text/plain');
    expect(text.statusCode, text.body).toBe(400);
    expect(text.json()).toMatchObject({ success: false, code: 'INVALID' });
  });
});
