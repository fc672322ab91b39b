import { describe, expect, it } from 'vitest';
import { Downsampler, rms, STREAM_SAMPLE_RATE, streamRateFor, toInt16 } from './pcm';

describe('the PCM sent to the speech websocket', () => {
  it('is 16-bit, clipped', () => {
    expect([...toInt16(Float32Array.from([0, 1, -1, 0.5, 2, -3]))]).toEqual([0, 32767, -32768, 16384, 32767, -32768]);
  });

  it('goes out at 16 kHz, or at the context rate when that is lower', () => {
    expect(streamRateFor(48000)).toBe(STREAM_SAMPLE_RATE);
    expect(streamRateFor(44100)).toBe(16000);
    expect(streamRateFor(16000)).toBe(16000);
    expect(streamRateFor(8000)).toBe(8000);
  });

  it.each([
    [48000, [4096, 4096, 128, 1000, 3]],
    [44100, [4096, 4096, 4096, 17, 1]],
    [22050, [128, 128, 128, 128]],
  ])('downsamples %i Hz without drifting across chunk boundaries', (rate, chunks) => {
    const down = new Downsampler(rate, 16000);
    let total = 0;
    let input = 0;
    for (const size of chunks) {
      const out = down.push(new Float32Array(size).fill(0.25));
      total += out.length;
      input += size;
      for (const v of out) expect(v).toBeCloseTo(0.25, 6);
    }
    // one output per ratio of input, at most one behind (the window still open)
    const expected = (input * 16000) / rate;
    expect(total).toBeLessThanOrEqual(Math.floor(expected));
    expect(total).toBeGreaterThanOrEqual(Math.floor(expected) - 1);
  });

  it('averages each window (a box filter): a tone at the Nyquist of the input cancels out', () => {
    const down = new Downsampler(48000, 16000);
    const alternating = Float32Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    const out = down.push(alternating);
    expect(out.length).toBe(200);
    for (const v of out) expect(Math.abs(v)).toBeLessThanOrEqual(1 / 3 + 1e-6);
  });

  it('passes samples through when the rates are equal', () => {
    const samples = Float32Array.from([0.1, 0.2]);
    expect(new Downsampler(16000, 16000).push(samples)).toBe(samples);
  });

  it('measures the loudness of a chunk', () => {
    expect(rms(new Float32Array(0))).toBe(0);
    expect(rms(new Float32Array(10).fill(0.5))).toBeCloseTo(0.5);
  });
});
