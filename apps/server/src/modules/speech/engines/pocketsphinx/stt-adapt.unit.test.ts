import { describe, expect, it } from 'vitest';
import { EngineUnavailableError } from '../types';
import { adaptSpeaker, warpArgs } from './stt-adapt';
import { mixtureWeightsOf } from './stt-adapt-model';
import { checkedTransform } from './stt-mllr';

/** A sendump as pocketsphinx writes it: length-prefixed header strings, then the counts, then the bytes. */
function sendump(
  streams: number,
  densities: number,
  senones: number,
  byte: (f: number, d: number, s: number) => number,
) {
  const parts: Buffer[] = [];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    parts.push(b);
  };
  const text = (s: string) => {
    u32(s.length + 1);
    parts.push(Buffer.from(`${s}\0`, 'latin1'));
  };
  text('BEGIN FILE FORMAT DESCRIPTION');
  text(`feature_count ${streams}`);
  text('mixw_shift 10');
  text('cluster_count 0');
  u32(0);
  u32(densities);
  u32(senones);
  for (let f = 0; f < streams; f++)
    for (let d = 0; d < densities; d++)
      parts.push(Buffer.from(Array.from({ length: senones }, (_, s) => byte(f, d, s))));
  return Buffer.concat(parts);
}

describe('the model as SphinxTrain reads it', () => {
  it('turns sendump weights into normalised float mixture weights in an s3 file', () => {
    // senone s of stream f: density 0 weighted byte 0 (weight 1), the others byte 40 (1.0001^-40960, ~0.0166)
    const file = mixtureWeightsOf(sendump(2, 3, 4, (_f, d) => (d === 0 ? 0 : 40)));
    const text = file.subarray(0, file.indexOf('endhdr\n') + 7).toString('latin1');
    expect(text.startsWith('s3\nversion 1.0\n')).toBe(true);
    const at = text.length;
    expect(at % 4).toBe(0);
    expect(file.readInt32LE(at)).toBe(0x11223344);
    expect([1, 2, 3, 4].map((i) => file.readUInt32LE(at + 4 * i))).toEqual([4, 2, 3, 24]);
    const values = new Float32Array(file.buffer.slice(file.byteOffset + at + 20, file.byteOffset + file.length));
    expect(values).toHaveLength(24);
    const low = 1.0001 ** -(40 << 10);
    for (let m = 0; m < 8; m++) {
      const [a, b, c] = values.slice(m * 3, m * 3 + 3);
      expect(a + b + c).toBeCloseTo(1, 5);
      expect(a).toBeCloseTo(1 / (1 + 2 * low), 5);
      expect(b).toBeCloseTo(c, 6);
    }
  });

  it('refuses what is not a sendump', () => {
    expect(() => mixtureWeightsOf(Buffer.from([5, 0, 0, 0, 97, 98, 99, 100, 0, 0, 0, 0, 0, 2, 0, 0]))).toThrow();
  });
});

describe('a speaker transform', () => {
  const stream = (n: number) => [n, ...Array(n * n + 2 * n).fill(0.5)].join(' ');
  it('is accepted in the shape mllr_solve writes, refused otherwise', () => {
    const good = ['1', '3', stream(13), stream(13), stream(13)].join('\n');
    expect(checkedTransform(good)).toBe(good);
    expect(() => checkedTransform(good.replace('0.5', 'NaN'))).toThrow('not numbers');
    expect(() => checkedTransform(`${good} 1`)).toThrow('wrong length');
    expect(() => checkedTransform(['2', '3', stream(13)].join('\n'))).toThrow('unexpected shape');
    expect(() => checkedTransform('')).toThrow();
  });

  it("takes the decoder's frequency warp for the features", () => {
    expect(warpArgs(['-remove_silence', 'no', '-warp_type', 'inverse_linear', '-warp_params', '0.95'])).toEqual([
      '-warp_type',
      'inverse_linear',
      '-warp_params',
      '0.95',
    ]);
    expect(warpArgs(['-lw', '9'])).toEqual([]);
  });
});

describe('adaptation without its tools', () => {
  it('is refused as unavailable, naming what is missing', async () => {
    const attempt = adaptSpeaker([], { cacheDir: '/nonexistent', tools: { bw: '/nonexistent/sphinxtrain/bw' } });
    await expect(attempt).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(attempt).rejects.toThrow('missing /nonexistent/sphinxtrain/bw');
  });
});
