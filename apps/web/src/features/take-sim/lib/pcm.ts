/**
 * The audio sent to the speech websocket: 16-bit little-endian PCM, mono (DECISIONS.md section 5). The
 * microphone runs at the audio context's rate (44.1 or 48 kHz); the recogniser works at 16 kHz, so the
 * frames are brought down to 16 kHz here and the 'start' message says so (a third of the bytes at 48 kHz).
 */
export const STREAM_SAMPLE_RATE = 16000;

/** The rate the frames are sent at: 16 kHz, or the context's own rate when that is lower already. */
export function streamRateFor(contextRate: number): number {
  return contextRate > STREAM_SAMPLE_RATE ? STREAM_SAMPLE_RATE : Math.round(contextRate);
}

/** Float samples (-1..1) as 16-bit integers, clipped. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/**
 * A streaming downsampler: each output sample is the mean of the input samples of its window (a box
 * filter, enough against aliasing for speech), with the fractional position kept from one chunk to the
 * next so that chunk boundaries do not drift.
 */
export class Downsampler {
  private readonly ratio: number;
  private carry: Float32Array = new Float32Array(0);
  /** where the next output window starts, in samples of `carry` */
  private start = 0;

  constructor(inputRate: number, outputRate: number) {
    if (!(inputRate > 0 && outputRate > 0)) throw new RangeError('sample rates must be positive');
    this.ratio = inputRate / outputRate;
  }

  push(input: Float32Array): Float32Array {
    if (this.ratio === 1) return input;
    const buffer = new Float32Array(this.carry.length + input.length);
    buffer.set(this.carry, 0);
    buffer.set(input, this.carry.length);
    const out: number[] = [];
    let start = this.start;
    while (start + this.ratio <= buffer.length) {
      const from = Math.floor(start);
      const to = Math.max(from + 1, Math.floor(start + this.ratio));
      let sum = 0;
      for (let i = from; i < to; i += 1) sum += buffer[i] ?? 0;
      out.push(sum / (to - from));
      start += this.ratio;
    }
    const used = Math.floor(start);
    this.carry = buffer.slice(used);
    this.start = start - used;
    return Float32Array.from(out);
  }
}

/** The loudness of a chunk (root mean square, 0..1), for the microphone level meter. */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / samples.length);
}
