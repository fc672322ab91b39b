import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { assertWellFormedQuery, findForbiddenText, hasForbiddenText } from './input-rules';

describe('the input rule: no NUL character, no lone surrogate', () => {
  it('tells forbidden text from ordinary text (pairs, accents and emoji are fine)', () => {
    for (const ok of ['', 'plain', 'é à ü', 'A 😀 B', '\uD83D\uDE00', 'tab\tnew\nline', '\uFFFD'])
      expect(hasForbiddenText(ok), JSON.stringify(ok)).toBe(false);
    for (const bad of ['\u0000', 'a\u0000b', 'a\uD800', '\uDC00b', 'x\uDE00\uD83D', '\uD83D'])
      expect(hasForbiddenText(bad), JSON.stringify(bad)).toBe(true);
  });

  it('finds it at any depth, in values and keys, and names the path', () => {
    expect(findForbiddenText({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual({ field: 'b.1.d', key: false });
    expect(findForbiddenText(['\uD800'])).toEqual({ field: '0', key: false });
    expect(findForbiddenText({ a: { 'k\u0000': 1 } })).toEqual({ field: 'a.k\uFFFD', key: true });
    expect(findForbiddenText('x\u0000')).toEqual({ field: undefined, key: false });
    const query = Object.create(Object.create(null));
    query.textSearch = 'a\u0000';
    expect(findForbiddenText(query)).toEqual({ field: 'textSearch', key: false });
    expect(findForbiddenText({ a: 1, b: true, c: null, d: 'fine' })).toBeNull();
    expect(findForbiddenText(Buffer.from([0, 0]))).toBeNull();
  });

  it('refuses a query string with a malformed escape or bytes that are not UTF-8', () => {
    const refuses = (url: string) => {
      try {
        assertWellFormedQuery(url);
        return false;
      } catch (err) {
        return err instanceof AppError && err.status === 400;
      }
    };
    expect(refuses('/a?q=%ED%A0%80')).toBe(true);
    expect(refuses('/a?q=%FF')).toBe(true);
    expect(refuses('/a?q=100%')).toBe(true);
    expect(refuses('/a?q=caf%C3%A9&x=a+b&y=%F0%9F%98%80')).toBe(false);
    expect(refuses('/a?q=plain')).toBe(false);
    expect(refuses('/a')).toBe(false);
  });
});
