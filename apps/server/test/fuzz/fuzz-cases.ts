import type { RouteContract } from '@sim/shared';
import fc from 'fast-check';
import {
  type BaseInput,
  deleteAt,
  type FieldPath,
  type IdPool,
  pathParams,
  pathsOf,
  type Schema,
  sample,
  setAt,
  withKey,
} from './contract-sample';
import { type BadValue, badValue, brokenBody, extraKey, ONE_MB } from './fuzz-values';
import { type FormDef, formRequest } from './multipart-forms';

/** One request of the fuzz run: what was changed, and the request (its path not yet signed). */
export interface FuzzRequest {
  what: string;
  path: string;
  query: string[];
  contentType?: string;
  payload?: string | Buffer;
}

const MARK = '__FUZZ_RAW__';

/** Short text of a value for a report (a 1 MiB string is not printed whole). */
export function shown(value: unknown): string {
  let text: string;
  if (value === ONE_MB) return '<1 MiB of x>';
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 60)}…(${text.length} chars)` : text;
}

export const badShown = (bad: BadValue) => `${bad.kind} ${'raw' in bad ? bad.raw.slice(0, 40) : shown(bad.value)}`;

/** UTF-8 percent-encoding of any text (a lone surrogate becomes U+FFFD, as a browser would send it). */
export function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value as URL or form text. */
export function asText(bad: BadValue): string {
  if ('raw' in bad) return bad.raw;
  const v = bad.value;
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}

/** JSON text of a body with a bad value at a path (a raw one written in as it is). */
function jsonWith(body: unknown, at: FieldPath, bad: BadValue): string {
  const replaced = setAt(body, at, () => ('raw' in bad ? MARK : bad.value));
  const text = JSON.stringify(replaced) ?? 'null';
  return 'raw' in bad ? text.split(`"${MARK}"`).join(bad.raw) : text;
}

function fillPath(url: string, params: Record<string, string>, override?: { name: string; text: string }) {
  const value = (name: string) => (override?.name === name ? override.text : pct(params[name] ?? 'x'));
  return url.replace(/:(\w+)/g, (_m, name: string) => value(name)).replace(/\*$/, () => value('*'));
}

const queryOf = (query: Record<string, string>, skip?: string) =>
  Object.entries(query)
    .filter(([k]) => k !== skip)
    .map(([k, v]) => `${pct(k)}=${pct(v)}`);

const label = (at: FieldPath) => at.join('.') || '(the body)';

/**
 * The fuzz cases of a route, as one arbitrary: each case changes one thing of the route's near-valid
 * input — a body field (any depth), a query or path parameter, a field left out or one added, the body
 * not JSON or not an object, the form of a multipart route broken — or sends the input unchanged.
 */
export function requestArbitrary(
  route: RouteContract,
  base: BaseInput,
  pool: IdPool,
  form: FormDef | undefined,
  signedParams: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const ids = Object.values(pool);
  const bad = badValue(ids);
  const path = fillPath(route.url, base.params);
  const baseQuery = Object.fromEntries(Object.entries(base.query).filter(([k]) => !signedParams.includes(k)));
  const query = queryOf(baseQuery);
  const rawBody = route.url.includes('/presigned-upload/');
  const jsonBody = !rawBody && route.body !== undefined && route.body !== 'multipart';
  const json = (what: string, text: string, contentType = 'application/json'): FuzzRequest => ({
    what,
    path,
    query,
    contentType,
    payload: text,
  });
  const cases: fc.Arbitrary<FuzzRequest>[] = [];

  // the input unchanged (it may well succeed)
  const unchanged: FuzzRequest = form
    ? { ...formRequest(form, {}), what: 'the input unchanged', path, query }
    : jsonBody
      ? json('the input unchanged', JSON.stringify(base.body))
      : { what: 'the input unchanged', path, query };
  cases.push(fc.constant(unchanged));

  if (jsonBody) {
    const body = base.body;
    const { all, objects } = pathsOf(body);
    if (all.length) {
      cases.push(
        fc
          .tuple(fc.constantFrom(...all), bad)
          .map(([at, v]) => json(`body ${label(at)} ← ${badShown(v)}`, jsonWith(body, at, v))),
      );
      cases.push(
        fc.constantFrom(...all).map((at) => json(`body ${label(at)} left out`, JSON.stringify(deleteAt(body, at)))),
      );
    }
    cases.push(
      fc
        .tuple(fc.constantFrom<FieldPath>([], ...objects), extraKey, bad)
        .map(([at, key, v]) =>
          json(
            `body ${label([...at, key])} added ← ${badShown(v)}`,
            jsonWith(withKey(body, at, key, MARK), [...at, key], v),
          ),
        ),
    );
    const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
    if (keys.length)
      cases.push(
        fc.tuple(fc.constantFrom(...keys), bad).map(([key, v]) => {
          const text = JSON.stringify(body);
          const second = 'raw' in v ? v.raw : JSON.stringify(v.value);
          return json(
            `body key ${key} twice, then ← ${badShown(v)}`,
            `${text.slice(0, -1)},${JSON.stringify(key)}:${second}}`,
          );
        }),
      );
    cases.push(bad.map((v) => json(`the whole body ← ${badShown(v)}`, jsonWith(null, [], v))));
    cases.push(brokenBody.map((b) => json(`${b.kind}: ${b.type} ${shown(b.text)}`, b.text, b.type)));
  } else if (rawBody) {
    cases.push(
      fc
        .tuple(
          fc.oneof(
            fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
            fc.constantFrom(Buffer.alloc(0), Buffer.from(ONE_MB), Buffer.from('{"a":1}')),
          ),
          fc.constantFrom(
            'application/octet-stream',
            'application/json',
            'text/plain',
            'image/png',
            'multipart/form-data',
          ),
        )
        .map(([bytes, type]) => ({
          what: `raw body of ${bytes.length} bytes as ${type}`,
          path,
          query,
          contentType: type,
          payload: bytes,
        })),
    );
  } else if (route.method !== 'GET' && !form) {
    // a route that takes no body, sent one anyway
    cases.push(brokenBody.map((b) => json(`a body it does not take: ${b.kind} ${shown(b.text)}`, b.text, b.type)));
    cases.push(
      fc
        .tuple(extraKey, bad)
        .map(([key, v]) =>
          json(`a body it does not take: ${key} ← ${badShown(v)}`, jsonWith(withKey({}, [], key, MARK), [key], v)),
        ),
    );
  }

  if (form) {
    cases.push(
      fc.tuple(fc.constantFrom(...form.fieldNames, 'extra'), bad).map(([name, v]) => ({
        ...formRequest(form, { set: { [name]: asText(v) } }),
        what: `form field ${name} ← ${badShown(v)}`,
        path,
        query,
      })),
    );
    if (form.fieldNames.length)
      cases.push(
        fc.constantFrom(...form.fieldNames).map((name) => ({
          ...formRequest(form, { drop: name }),
          what: `form field ${name} left out`,
          path,
          query,
        })),
      );
    if (form.dataSchema) {
      // basicInfo's `data` field holds a JSON body of its own
      const inner = sample(form.dataSchema as Schema, 'data', pool);
      const { all } = pathsOf(inner);
      cases.push(
        fc.tuple(fc.constantFrom(...all), bad).map(([at, v]) => ({
          ...formRequest(form, { set: { data: jsonWith(inner, at, v) } }),
          what: `form field data: ${label(at)} ← ${badShown(v)}`,
          path,
          query,
        })),
      );
      cases.push(
        fc
          .tuple(fc.constantFrom(...all), bad)
          .map(([at, v]) =>
            json(`JSON body instead of the form: ${label(at)} ← ${badShown(v)}`, jsonWith(inner, at, v)),
          ),
      );
    }
    cases.push(
      fc.constantFrom(...FILE_CHANGES).map((change) => ({
        ...formRequest(form, { file: change }),
        what: `form file: ${change}`,
        path,
        query,
      })),
    );
    cases.push(
      fc.constantFrom(...FORM_BREAKS).map((broken) => ({
        ...formRequest(form, { broken }),
        what: `broken multipart: ${broken}`,
        path,
        query,
      })),
    );
    cases.push(brokenBody.map((b) => json(`not a form: ${b.kind} ${shown(b.text)}`, b.text, b.type)));
  }

  // query parameters: each of the route's own and one it does not know; repeated, bracketed, left out
  const queryNames = Object.keys(base.querySchema?.properties ?? {});
  const withQuery = (what: string, q: string[]): FuzzRequest => ({ ...unchanged, what, query: q });
  cases.push(
    fc.tuple(fc.constantFrom(...queryNames, 'extra'), bad).map(([name, v]) => {
      const value =
        'value' in v && Array.isArray(v.value) ? v.value.map((x) => asText({ kind: '', value: x })) : [asText(v)];
      return withQuery(`query ${name} ← ${badShown(v)}`, [
        ...queryOf(baseQuery, name),
        ...value.map((x) => `${pct(name)}=${pct(x)}`),
      ]);
    }),
  );
  if (queryNames.length)
    cases.push(
      fc
        .tuple(
          fc.constantFrom(...queryNames),
          fc.constantFrom(
            'left out',
            'twice',
            'bracketed',
            'no value',
            'bad escape',
            'plus and spaces',
            'encoded ampersand',
          ),
        )
        .map(([name, how]) => {
          const rest = queryOf(baseQuery, name);
          const v = pct(baseQuery[name] ?? 'x');
          const n = pct(name);
          const extra: Record<string, string[]> = {
            'left out': [],
            twice: [`${n}=${v}`, `${n}=${v}`],
            bracketed: [`${n}[]=${v}`, `${n}[a]=${v}`],
            'no value': [n],
            'bad escape': [`${n}=%`, `${n}=%E0%A4%A`],
            'plus and spaces': [`${n}=+${v}+`],
            'encoded ampersand': [`${n}=${v}%26${n}%3D1`],
          };
          return withQuery(`query ${name} ${how}`, [...rest, ...extra[how]]);
        }),
    );

  // path parameters
  const params = pathParams(route.url);
  if (params.length)
    cases.push(
      fc.tuple(fc.constantFrom(...params), bad).map(([name, v]) => {
        const text = v.kind === 'path traversal' && 'value' in v ? String(v.value) : pct(asText(v));
        return {
          ...unchanged,
          what: `path :${name} ← ${badShown(v)}`,
          path: fillPath(route.url, base.params, { name, text }),
        };
      }),
    );

  return fc.oneof(...cases);
}

export const FILE_CHANGES = [
  'none',
  'empty',
  'wrong type',
  'path traversal in its name',
  'NUL in its name',
  'a 300-character name',
  'under another field',
  'two of them',
  'no file name',
  'text posing as the type',
] as const;
export type FileChange = (typeof FILE_CHANGES)[number];

export const FORM_BREAKS = [
  'no boundary',
  'wrong boundary',
  'cut short',
  'garbage under a multipart type',
  'no Content-Disposition',
  'LF line ends',
  'unterminated part header',
  'closing boundary only',
  'empty body',
  '40 text fields',
  'a 1 MiB text field',
] as const;
export type FormBreak = (typeof FORM_BREAKS)[number];
