import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('parseRange (HTTP Range against a file of 1000 bytes)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['bytes=0-499', { start: 0, end: 499 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['BYTES=1-1', { start: 1, end: 1 }],
    ['bytes=1000-', null],
    ['bytes=5-4', null],
    ['bytes=-0', null],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ])('%j → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing to send of an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBeNull();
  });
});
