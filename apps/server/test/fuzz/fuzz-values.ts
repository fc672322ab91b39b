import fc from 'fast-check';

/**
 * The hostile values of the fuzz run, by kind. A value is either a JavaScript value (sent as JSON, or as
 * its text in a URL) or `raw`: JSON text written into the body as it is (a number JSON.stringify cannot
 * write, such as 1e400, which JSON.parse reads as Infinity).
 */
export type BadValue = { kind: string; value: unknown } | { kind: string; raw: string };

const of = (kind: string, arb: fc.Arbitrary<unknown>): fc.Arbitrary<BadValue> => arb.map((value) => ({ kind, value }));
const raw = (kind: string, texts: string[]): fc.Arbitrary<BadValue> =>
  fc.constantFrom(...texts).map((text) => ({ kind, raw: text }));

/** 1 MiB of text: with the rest of a body, past the 1 MiB body limit. */
export const ONE_MB = 'x'.repeat(1024 * 1024);

/** Text that does not compress (a b-tree index entry holds at most ~2.7 kB): n characters from a seed. */
export function noisyText(seed: number, n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éßжΩ漢字';
  let x = seed >>> 0 || 1;
  let out = '';
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += alphabet[(x >>> 0) % alphabet.length];
  }
  return out;
}

const WRONG_TYPES: unknown[] = [0, -1, 1, true, false, null, {}, [], 'text', ['a'], { a: 1 }, [[[]]], [null]];

const UNICODE = [
  '👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  'line\u2028sep\u2029',
  '𝕏𝔸𝕄',
  'Ωmega 漢字 ✓',
  '\uFFFF\uFFFE',
  'ﷺ',
  'İıŞş',
  '\u{10FFFF}',
  'a\uD800b', // a lone surrogate: the input rule refuses it
  'a\u0000b', // NUL: the input rule refuses it
];

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  "' UNION SELECT NULL, NULL--",
  '%',
  '_',
  '%%%_\\',
  '\\',
  "\\'",
  '$$;$$',
  "E'\\x00'",
  '" OR ""="',
  "%' OR 1=1 --",
  "admin'--",
  "1' AND SLEEP(5)#",
  '*/ /*',
];

const TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '.',
  '~/.ssh/id_rsa',
  'a/../../b',
  'C:\\Windows\\system.ini',
  '/dev/zero',
  'con',
  'x'.repeat(300),
];

const NUMBERS: unknown[] = [
  -1,
  -0,
  0.5,
  1.5,
  -2.75,
  1e308,
  -1e308,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e-320,
  99999999999,
];

const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '0x1F',
  '1e3',
  ' 7 ',
  '+1',
  '1,5',
  '1_000',
  '٣',
  '0.0000001',
  '9'.repeat(40),
  '-0',
  'null',
  'undefined',
  'true',
];

const DATES = [
  '2024-02-30',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2024-13-01',
  '2024-01-01T24:00:00Z',
  '10000-01-01',
  '2024-01-01T00:00:00+25:00',
  '1970-01-01',
  'yesterday',
];

const IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000000040008000000000000000',
  '00000000-0000-4000-8000-00000000000g',
  '1',
  '-1',
];

/** The hostile values of one field, of every kind; `ids` are real records' ids (of any kind). */
export function badValue(ids: readonly string[]): fc.Arbitrary<BadValue> {
  return fc.oneof(
    of('wrong type', fc.constantFrom(...WRONG_TYPES)),
    of('empty string', fc.constant('')),
    of('1 MiB string', fc.constant(ONE_MB)),
    of(
      'long noisy string',
      fc.tuple(fc.integer(), fc.constantFrom(256, 3000, 70_000)).map(([s, n]) => noisyText(s, n)),
    ),
    of('unicode', fc.oneof(fc.constantFrom(...UNICODE), fc.string({ unit: 'grapheme', maxLength: 12 }))),
    of('any code point', fc.string({ unit: 'binary', maxLength: 12 })),
    of(
      'control characters',
      fc.string({ unit: fc.integer({ min: 1, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1 }),
    ),
    of('number', fc.oneof(fc.constantFrom(...NUMBERS), fc.double(), fc.integer({ min: -(2 ** 31), max: 2 ** 31 }))),
    raw('number JSON cannot hold', [
      '1e400',
      '-1e400',
      '1.00000000000000000001',
      '123456789012345678901234567890',
      '-0.0e-999',
    ]),
    of('NaN-like text', fc.constantFrom(...NAN_LIKE)),
    of('SQL', fc.constantFrom(...SQL)),
    of('path traversal', fc.constantFrom(...TRAVERSAL)),
    of('date', fc.constantFrom(...DATES)),
    of('id', fc.oneof(fc.uuid(), fc.constantFrom(...IDS), ids.length ? fc.constantFrom(...ids) : fc.uuid())),
    of(
      'big array',
      fc.constantFrom(5_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => ids[i % ids.length] ?? i)),
    ),
    raw('deep nesting', ['['.repeat(5_000) + ']'.repeat(5_000), `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`]),
    of('random JSON', fc.jsonValue({ maxDepth: 3 })),
  );
}

/** Keys a body does not expect, some of them with a meaning to JavaScript or to a query builder. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    'extra',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
    '$where',
    'a.b',
    'id',
    'company_id',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
);

/** Bodies that are not a JSON object, or not JSON at all, each with the content type it is sent under. */
export const brokenBody: fc.Arbitrary<{ kind: string; type: string | undefined; text: string }> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'nul',
      'undefined',
      '{"a":NaN}',
      '{"a":Infinity}',
      '\uFEFF{}',
      '{}{}',
      '[',
      '"unterminated',
      '{"a":"\\x41"}',
      '{"a":"\\u00"}',
      '',
      ' ',
      '{"__proto__":{"isPlatformAdmin":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '[]',
      'null',
      '0',
      '"text"',
      'true',
      `[${'1,'.repeat(100_000)}1]`,
    )
    .map((text) => ({ kind: 'malformed JSON', type: 'application/json', text })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=latin1',
      'application/octet-stream',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      undefined,
    )
    .map((type) => ({ kind: 'wrong content type', type, text: type?.includes('urlencoded') ? 'a=1&b=2' : '{"a":1}' })),
);
