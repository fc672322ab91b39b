import type { RouteContract } from '@sim/shared';
import { z } from 'zod';

/**
 * A route contract's schemas as JSON schemas (zod's own conversion, input side), and a near-valid value of
 * each: the fuzz changes one field of it at a time, so that the other fields lead the request past the
 * first checks to the field being changed.
 */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  prefixItems?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};

export function jsonSchemaOf(schema: z.ZodType | 'multipart' | undefined): Schema | undefined {
  if (!schema || schema === 'multipart') return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
}

/** The real records' ids of the fixture, by kind, chosen for a field by its name. */
export type IdPool = Record<string, string>;

export function idFor(pool: IdPool, name: string): string {
  const n = name.toLowerCase();
  const rules: [RegExp, string][] = [
    [/script/, 'script'],
    [/level/, 'level'],
    [/character/, 'character'],
    [/role/, 'role'],
    [/company/, 'company'],
    [/group/, 'group'],
    [/ticket/, 'ticket'],
    [/attachment/, 'attachment'],
    [/assignment|assigned_sim/, 'assignment'],
    [/response|attempt/, 'attempt'],
    [/product|tool/, 'product'],
    [/permission/, 'permission'],
    [/notification|receipt/, 'notification'],
    [/user|agent|member|owner|employee|assigned_to/, 'user'],
    [/sim|^id$|^_id$|duplicate/, 'sim'],
  ];
  for (const [re, kind] of rules) if (re.test(n) && pool[kind]) return pool[kind];
  return '00000000-0000-4000-8000-000000000001';
}

function pick(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return pick(options.find((o) => o.type !== 'null' && !('not' in o)) ?? options[0]);
  if (schema.allOf?.length) return pick(schema.allOf[0]);
  return schema;
}

/** A near-valid value of a JSON schema (ids of real records where the name says which). */
export function sample(input: Schema | undefined, name: string, pool: IdPool): unknown {
  if (!input) return 'text';
  const schema = pick(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, key, pool);
    return out;
  }
  if (type === 'array') {
    if (schema.prefixItems) return schema.prefixItems.map((s, i) => sample(s, `${name}${i}`, pool));
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) =>
      sample(schema.items, `${name}${i}`, pool),
    );
  }
  if (type === 'integer' || type === 'number') {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    return Math.min(Math.max(low, 1), schema.maximum ?? 1);
  }
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'uuid') return idFor(pool, name);
  if (schema.format === 'email') return 'fuzz@example.test';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2030-01-01';
  if (schema.format === 'uri') return 'https://example.test/a';
  return 'text'.padEnd(schema.minLength ?? 0, 'x');
}

export type FieldPath = (string | number)[];

/** Every path of a value: its leaves and its containers (not the root). */
export function pathsOf(
  value: unknown,
  at: FieldPath = [],
  out: { all: FieldPath[]; objects: FieldPath[] } = { all: [], objects: [] },
) {
  if (at.length) out.all.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) pathsOf(v, [...at, i], out);
  } else if (value && typeof value === 'object') {
    out.objects.push(at);
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  }
  return out;
}

const DELETE = Symbol('delete');

/** A copy of the value with the thing at `at` replaced (or deleted). */
export function setAt(value: unknown, at: FieldPath, replace: (old: unknown) => unknown): unknown {
  if (at.length === 0) return replace(value);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = setAt(copy[at[0]], at.slice(1), replace);
  if (next === DELETE) {
    if (Array.isArray(copy)) copy.splice(Number(at[0]), 1);
    else delete copy[at[0]];
  } else copy[at[0]] = next;
  return copy;
}

export const deleteAt = (value: unknown, at: FieldPath) => setAt(value, at, () => DELETE);

/** Adds an own key (also `__proto__`, which plain assignment would not make an own key). */
export function withKey(value: unknown, at: FieldPath, key: string, added: unknown): unknown {
  return setAt(value, at, (old) => {
    const copy = old && typeof old === 'object' && !Array.isArray(old) ? { ...(old as object) } : {};
    Object.defineProperty(copy, key, { value: added, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

/** The path parameters of a Fastify URL (`*` for a trailing wildcard). */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).concat(url.endsWith('*') ? ['*'] : []);
}

/** A route's near-valid input: its path parameters, its query (as text) and its JSON body. */
export interface BaseInput {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  querySchema?: Schema;
  bodySchema?: Schema;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function baseInput(route: RouteContract, pool: IdPool): BaseInput {
  const paramsSchema = jsonSchemaOf(route.params);
  const querySchema = jsonSchemaOf(route.query);
  const bodySchema = jsonSchemaOf(route.body);
  const params: Record<string, string> = {};
  for (const name of pathParams(route.url)) {
    const s = paramsSchema?.properties?.[name];
    if (name === '*') params[name] = 'file.txt';
    else if (name === 'fileName') params[name] = 'file.pdf';
    else params[name] = asText(sample(s, name, pool));
  }
  const query: Record<string, string> = {};
  for (const [name, s] of Object.entries(querySchema?.properties ?? {})) {
    // optional parameters with a default are left out (the default holds), the others are sent
    if (s.default !== undefined && !querySchema?.required?.includes(name)) continue;
    query[name] = asText(sample(s, name, pool));
  }
  const body = bodySchema ? sample(bodySchema, 'body', pool) : undefined;
  return { params, query, body, querySchema, bodySchema };
}
