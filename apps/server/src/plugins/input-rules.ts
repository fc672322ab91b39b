import { INPUT_MESSAGES } from '@sim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid } from '../lib/errors';
import { isApiUrl } from './access';

/**
 * The one rule for text that reaches the server (DECISIONS.md "Text the server refuses"): no string of a
 * request — body, query, path parameter, JSON key, multipart field or file name, at any depth — may hold
 * a NUL character (U+0000, which PostgreSQL cannot store) or a lone UTF-16 surrogate (U+D800–U+DFFF not
 * in a pair, which is not Unicode text and which PostgreSQL refuses in jsonb). Such a request answers 400
 * with the usual envelope, naming the field, before any schema, service or query sees it.
 *
 * With the `u` flag a well-formed surrogate pair is one code point, so `\p{Cs}` only matches lone halves.
 */
const FORBIDDEN = /[\0\p{Cs}]/u;

/** True when a string holds a NUL character or a lone surrogate. */
export function hasForbiddenText(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** A key or value fit to be shown in a message: the forbidden characters replaced by U+FFFD. */
const shown = (value: string) => value.replace(/[\0\p{Cs}]/gu, '\uFFFD');

const join = (base: string | undefined, key: string | number) =>
  base === undefined || base === '' ? String(key) : `${base}.${key}`;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // a JSON object, or a dictionary without Object.prototype (the query string parser's)
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Where the first forbidden string of a parsed value is (its dotted path and whether it is a key), or null. */
export function findForbiddenText(
  value: unknown,
  base?: string,
  depth = 0,
): { field: string | undefined; key: boolean } | null {
  if (typeof value === 'string') return hasForbiddenText(value) ? { field: base, key: false } : null;
  // streams, buffers and other parsed objects (a presigned PUT's raw body) are not text
  if (!isPlainContainer(value) || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], join(base, i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (hasForbiddenText(key)) return { field: join(base, shown(key)), key: true };
    const found = findForbiddenText(value[key], join(base, key), depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The deepest nesting of objects and arrays a request may hold (a JSON body, the JSON of a form field):
 * deeper, a schema's recursive parse (z.json()) overflows the stack and the request would answer 500.
 */
export const MAX_NESTING = 64;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_NESTING} levels of objects and arrays).`;

/** True when a parsed value nests objects and arrays more than `max` levels deep (checked without recursion). */
export function nestedTooDeep(value: unknown, max = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, level] = stack.pop()!;
    if (!isPlainContainer(v)) continue;
    if (level > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, level + 1]);
  }
  return false;
}

/**
 * Throws 400 (INVALID, naming the field) when a parsed value holds forbidden text, or nests deeper than
 * MAX_NESTING.
 */
export function assertCleanText(value: unknown, base?: string): void {
  if (nestedTooDeep(value)) throw Invalid(TOO_DEEP_MESSAGE, base);
  const found = findForbiddenText(value, base);
  if (!found) return;
  throw found.key
    ? Invalid(INPUT_MESSAGES.badKey(found.field ?? ''), found.field)
    : Invalid(INPUT_MESSAGES.badText(found.field), found.field);
}

/**
 * The raw query string must be well-formed: every %-escape complete and the bytes UTF-8. The query parser
 * keeps a value it cannot decode as its raw text (so `%ED%A0%80`, a surrogate encoded in UTF-8, would
 * otherwise reach a handler as the nine characters "%ED%A0%80"); here it is refused instead.
 */
export function assertWellFormedQuery(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  const query = url.slice(at + 1).split('#')[0];
  if (!query.includes('%')) return;
  for (const pair of query.split('&')) {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      throw Invalid(INPUT_MESSAGES.badQuery);
    }
  }
}

function checkRequest(request: FastifyRequest) {
  assertWellFormedQuery(request.url);
  assertCleanText(request.params);
  assertCleanText(request.query);
  assertCleanText(request.body);
}

/**
 * Registers the rule for every API route (/api and /case-service/api): after the body is parsed (and after
 * access control, so a signed-out caller still gets 401), before validation. Multipart forms are parsed by
 * their handlers, which apply `assertCleanText` to the fields and file names they read. The web app's
 * pages and assets are left alone (a stray `%` in a page link must not answer JSON).
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url && isApiUrl(url)) checkRequest(request); // a throw here answers 400 as a rejection would
    done();
  });
}
