import { ALL_ROUTES, type RouteContract, routeKey } from '@sim/shared';
import { z } from 'zod';

/**
 * The id-taking fields of every route contract, found from its zod schemas (as JSON schemas of their input):
 * a field is an id when its schema says `format: uuid` (alone, in an anyOf, or as the items of an array), or
 * when its name says so (`id`, `_id`, `…_id`, `…Id`, `…Ids`, or a record key of KEY_NAMES) and it is a string. Multipart forms have no
 * schema in the contract: their text fields are listed in MULTIPART_FORMS (a new multipart route fails the
 * test until it is listed). A sample input of each route is built from the same schemas, its ids taken
 * from a record set (`pick(kind)`), so that one id at a time can be swapped for another company's.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export type Part = 'params' | 'query' | 'body';
export type Segment = string | number;

/** An id-taking field: where it is, its name (the last key), and whether it holds a list of ids. */
export interface IdSlot {
  part: Part;
  path: Segment[];
  name: string;
  many: boolean;
  /** the field may be left out (an optional `_id` makes an upsert: without it the route creates) */
  optional: boolean;
}

export interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** The text fields of the multipart routes (their ids included), and the file each needs. */
export const MULTIPART_FORMS: Record<
  string,
  { fields: Record<string, string>; file?: { field: string; name: string; type: string } }
> = {
  'POST /api/v1/sims/upload-keyword/:id': {
    fields: { sim_id: 'uuid', type: 'case' },
    file: { field: 'file', name: 'layout.csv', type: 'text/csv' },
  },
  // the JSON of Basic Information (sent as a JSON body, which the route reads as its `data`)
  'POST /api/v1/sims/basicInfo': { fields: {} },
  'POST /api/v1/sims/grade-transcription': {
    fields: { sim_level_user_response: 'uuid', script_id: 'uuid', transcribed_text: 'hello' },
  },
  'POST /api/v1/speech/transcribe': { fields: {}, file: { field: 'audio', name: 'a.wav', type: 'audio/wav' } },
  'POST /api/v1/sims/add-captivate/:id': {
    fields: {},
    file: { field: 'folder', name: 'p.zip', type: 'application/zip' },
  },
  'POST /api/v1/sims/add-captivate-video/:id': {
    fields: {},
    file: { field: 'video_blob', name: 'v.mp4', type: 'video/mp4' },
  },
  'POST /api/v1/sims/upload-video': {
    fields: { sim_id: 'uuid', field_type: 'tutorial_video' },
    file: { field: 'video', name: 'v.mp4', type: 'video/mp4' },
  },
  'POST /api/v1/sims/upload-audio': {
    fields: { sim_id: 'uuid', sim_script_id: 'uuid' },
    file: { field: 'audio_blob', name: 'a.mp3', type: 'audio/mpeg' },
  },
  'POST /api/v1/users/update-profile-photo': {
    fields: {},
    file: { field: 'photo', name: 'p.png', type: 'image/png' },
  },
  'POST /api/v1/sims/upload-levels': {
    fields: { sim_id: 'uuid' },
    file: { field: 'file', name: 'levels.csv', type: 'text/csv' },
  },
  'POST /api/v1/sims/save-screen-share-stream': {
    fields: {
      id: 'uuid',
      chunkNumber: '0',
      totalChunks: '1',
      originalname: 'screen.webm',
      fileName: 'screen-1',
      fileType: 'video/webm',
    },
    file: { field: 'chunkData', name: 'screen.webm', type: 'video/webm' },
  },
};

const ID_NAME = /^(_?id|.+_id|.+Id|.+_ids|.+Ids)$/;
/** Record keys whose name does not say "id": a company's case number (the case service). */
const KEY_NAMES: ReadonlySet<string> = new Set(['caseNumber']);

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The non-null alternative of an anyOf/oneOf (the first, else the schema itself). */
function pick(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return pick(options.find((o) => o.type !== 'null') ?? options[0]);
}

function typeOf(schema: JsonSchema): string | undefined {
  const s = pick(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
}

function isUuid(schema: JsonSchema): boolean {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.some(isUuid);
  return schema.format === 'uuid';
}

function isIdField(name: string, schema: JsonSchema): boolean {
  if (/email/i.test(name) || pick(schema).format === 'email') return false;
  return isUuid(schema) || ((ID_NAME.test(name) || KEY_NAMES.has(name)) && typeOf(schema) === 'string');
}

function walk(part: Part, schema: JsonSchema, at: Segment[], out: IdSlot[]) {
  const s = pick(schema);
  for (const [key, value] of Object.entries(s.properties ?? {})) {
    const v = pick(value);
    const optional = !s.required?.includes(key);
    if (isIdField(key, value)) out.push({ part, path: [...at, key], name: key, many: false, optional });
    else if (typeOf(v) === 'array' && v.items && isIdField(key, v.items))
      out.push({ part, path: [...at, key], name: key, many: true, optional });
    else if (typeOf(v) === 'array' && v.items && typeOf(v.items) === 'object')
      walk(part, v.items, [...at, key, 0], out);
    else if (typeOf(v) === 'object') walk(part, v, [...at, key], out);
  }
}

export interface RouteShape {
  key: string;
  route: RouteContract;
  schemas: Partial<Record<Part, JsonSchema>>;
  multipart: boolean;
  slots: IdSlot[];
}

/** Every route contract with its JSON schemas and id slots. */
export function routeShapes(routes: readonly RouteContract[] = ALL_ROUTES): RouteShape[] {
  return routes.map((route) => {
    const key = routeKey(route.method, route.url);
    const schemas: Partial<Record<Part, JsonSchema>> = {};
    const slots: IdSlot[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const s = route[part];
      if (!s || s === 'multipart') continue;
      schemas[part] = toJson(s as z.ZodType);
      walk(part, schemas[part], [], slots);
    }
    const multipart = route.body === 'multipart';
    if (multipart) {
      const form = MULTIPART_FORMS[key];
      if (key === 'POST /api/v1/sims/basicInfo')
        slots.push({ part: 'body', path: ['_id'], name: '_id', many: false, optional: true });
      for (const [name, value] of Object.entries(form?.fields ?? {}))
        if (value === 'uuid') slots.push({ part: 'body', path: [name], name, many: false, optional: false });
    }
    return { key, route, schemas, multipart, slots };
  });
}

/** A value of a JSON schema that passes its rules; ids come from `id(name)`. Optional fields are left out. */
export function sample(schema: JsonSchema | undefined, name: string, id: (name: string) => unknown): unknown {
  if (!schema) return 'text';
  const s = pick(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const type = typeOf(s);
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.properties ?? {})) {
      const required = s.required?.includes(key);
      const v = pick(value);
      const anId = isIdField(key, value) || (typeOf(v) === 'array' && v.items !== undefined && isIdField(key, v.items));
      if (required || anId) out[key] = sample(value, key, id);
    }
    return out;
  }
  if (type === 'array') {
    if (s.items && isIdField(name, s.items)) return [id(name)];
    // a list of records holding ids gets one, so that its ids are sent
    const items = s.items ? pick(s.items) : undefined;
    const holdsIds = Object.entries(items?.properties ?? {}).some(([k, v]) => isIdField(k, v));
    return Array.from({ length: Math.max(s.minItems ?? 0, holdsIds ? 1 : 0) }, () => sample(s.items, name, id));
  }
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 0, Math.min(1, s.maximum ?? 1));
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (isIdField(name, schema)) return id(name);
  if (s.format === 'email' || /email/i.test(name)) return 'walk-isolation@example.test';
  if (/phone/i.test(name)) return '+1 (555) 123-4567';
  if (s.format === 'uri') return 'https://app.test/reset';
  if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2030-01-01';
  return 'text'.padEnd(s.minLength ?? 0, 'x');
}

export function getAt(value: unknown, at: Segment[]): unknown {
  let v = value;
  for (const k of at) v = (v as Record<Segment, unknown> | undefined)?.[k];
  return v;
}

export function setAt(value: unknown, at: Segment[], next: unknown): unknown {
  if (at.length === 0) return next;
  const [key, ...rest] = at;
  if (Array.isArray(value) || (value === undefined && typeof key === 'number')) {
    const copy = [...((value as unknown[] | undefined) ?? [])];
    copy[key as number] = setAt(copy[key as number], rest, next);
    return copy;
  }
  const copy = { ...((value ?? {}) as Record<Segment, unknown>) };
  copy[key] = setAt(copy[key], rest, next);
  return copy;
}

export const slotLabel = (slot: IdSlot) => `${slot.part}.${slot.path.join('.')}`;
