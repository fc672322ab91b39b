import { describe, expect, it } from 'vitest';
import { placeAt } from './ordering';

describe('placeAt', () => {
  it.each([
    [['a', 'b', 'c'], 'c', 0, ['c', 'a', 'b']],
    [['a', 'b', 'c'], 'a', 2, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'a', 99, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'b', -3, ['b', 'a', 'c']],
    [['a', 'b'], 'n', 1, ['a', 'n', 'b']],
  ])('%j moving %s to %i', (ids, id, index, expected) => {
    expect(placeAt(ids, id, index)).toEqual(expected);
  });
});
