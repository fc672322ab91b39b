import llamaTokenizer from 'llama-tokenizer-js';
import { describe, expect, it } from 'vitest';
import { argMaxBoosted, boostSequences, KeywordBoost } from './stt-moonshine-boost';

const encode = (t: string) => llamaTokenizer.encode(t, false, false, false);

describe('boostSequences', () => {
  it('tokenises each phrase after a space, in lower case and capitalised, once each', () => {
    const seqs = boostSequences(['late fee', 'late fee', '  refund '], encode);
    expect(seqs.map((s) => llamaTokenizer.decode(s, false, true))).toEqual([
      'late fee',
      'Late fee',
      'refund',
      'Refund',
    ]);
    expect(seqs[2]).toEqual(encode(' refund'));
    expect(boostSequences(['', '   '], encode)).toEqual([]);
  });
});

describe('KeywordBoost', () => {
  const seqs = [
    [10, 11, 12],
    [20, 21],
    [10, 30],
  ];

  it('boosts every first token, then the next token of each sequence begun, and forgets a broken one', () => {
    const boost = new KeywordBoost(seqs, 2);
    expect([...boost.next()].sort()).toEqual([10, 20]);
    boost.advance(10);
    expect([...boost.next()].sort((a, b) => a - b)).toEqual([10, 11, 20, 30]);
    boost.advance(11);
    expect([...boost.next()].sort((a, b) => a - b)).toEqual([10, 12, 20]);
    boost.advance(99);
    expect([...boost.next()].sort((a, b) => a - b)).toEqual([10, 20]);
  });

  it('starts again after a sequence is complete', () => {
    const boost = new KeywordBoost(seqs, 2);
    for (const t of [20, 21]) boost.advance(t);
    expect([...boost.next()].sort((a, b) => a - b)).toEqual([10, 20]);
  });
});

describe('argMaxBoosted', () => {
  // two positions of 6 logits; in the last one token 2 leads token 4 by 1.5, token 3 by 4
  const last = Float32Array.from([...new Array(6).fill(-1), 0, 0, 9, 5, 7.5, 0]);

  it('takes the largest logit of the last position, never the excepted token', () => {
    expect(argMaxBoosted(last, 6)).toBe(2);
    expect(argMaxBoosted(last, 6, 2)).toBe(4);
  });

  it('lets a boosted token win only when its bonus covers the gap', () => {
    expect(argMaxBoosted(last, 6, undefined, new KeywordBoost([[4]], 1))).toBe(2);
    expect(argMaxBoosted(last, 6, undefined, new KeywordBoost([[4]], 2))).toBe(4);
    expect(argMaxBoosted(last, 6, undefined, new KeywordBoost([[3]], 2))).toBe(2);
  });
});
