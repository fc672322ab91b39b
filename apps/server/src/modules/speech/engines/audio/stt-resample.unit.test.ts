import { describe, expect, it } from 'vitest';
import { Resampler } from './stt-resample';

function sine(rate: number, hz: number, seconds: number): Buffer {
  const n = Math.round(rate * seconds);
  const buf = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) buf.writeInt16LE(Math.round(10000 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  return buf;
}

function zeroCrossings(pcm: Buffer): number {
  let count = 0;
  for (let i = 2; i < pcm.length; i += 2) {
    if (pcm.readInt16LE(i - 2) < 0 !== pcm.readInt16LE(i) < 0) count++;
  }
  return count;
}

function rms(pcm: Buffer): number {
  let sum = 0;
  for (let i = 0; i < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}

describe('Resampler', () => {
  it('resamples 44.1 kHz to 16 kHz keeping the frequency and level', () => {
    const r = new Resampler(44100, 16000);
    const out = Buffer.concat([r.push(sine(44100, 1000, 1)), r.flush()]);
    expect(out.length / 2).toBeGreaterThan(15990);
    expect(out.length / 2).toBeLessThan(16010);
    expect(zeroCrossings(out)).toBeGreaterThan(1990);
    expect(zeroCrossings(out)).toBeLessThan(2010);
    expect(rms(out.subarray(4000, 28000))).toBeCloseTo(10000 / Math.SQRT2, -2);
  });

  it('removes what 16 kHz cannot hold (above 8 kHz)', () => {
    const r = new Resampler(44100, 16000);
    const out = Buffer.concat([r.push(sine(44100, 12000, 1)), r.flush()]);
    expect(rms(out.subarray(4000, 28000))).toBeLessThan(100);
  });

  it('gives the same output whatever the chunking, odd bytes included', () => {
    const input = sine(48000, 440, 0.5);
    const whole = new Resampler(48000, 16000);
    const expected = Buffer.concat([whole.push(input), whole.flush()]);
    const chunked = new Resampler(48000, 16000);
    const parts: Buffer[] = [];
    for (let i = 0; i < input.length; i += 777) parts.push(chunked.push(input.subarray(i, i + 777)));
    parts.push(chunked.flush());
    expect(Buffer.concat(parts).equals(expected)).toBe(true);
  });

  it('passes 16 kHz through', () => {
    const r = new Resampler(16000, 16000);
    const input = sine(16000, 300, 0.1);
    expect(Buffer.concat([r.push(input.subarray(0, 101)), r.push(input.subarray(101))]).equals(input)).toBe(true);
  });
});
