/**
 * Streaming resampler of 16-bit mono PCM (the browser sends 44.1 or 48 kHz; the recogniser wants 16 kHz):
 * band-limited interpolation with a Blackman-windowed sinc (tabulated), state kept between chunks.
 */
const TABLE_STEPS = 512;

export class Resampler {
  private readonly step: number;
  private readonly halfWidth: number;
  private readonly table: Float32Array;
  /** input samples still needed by later output samples */
  private history = new Float32Array(0);
  /** absolute input index of history[0] */
  private historyStart = 0;
  /** absolute input position of the next output sample */
  private position = 0;
  private oddByte: number | undefined;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
    zeroCrossings = 10,
  ) {
    if (!(fromRate > 0 && toRate > 0)) throw new RangeError('Sample rates must be positive');
    this.step = fromRate / toRate;
    const cutoff = Math.min(1, toRate / fromRate) * 0.94;
    this.halfWidth = Math.ceil(zeroCrossings / cutoff);
    this.table = new Float32Array(this.halfWidth * TABLE_STEPS + 2);
    for (let i = 0; i < this.table.length; i++) {
      const x = i / TABLE_STEPS;
      if (x >= this.halfWidth) continue;
      const fx = cutoff * x;
      const sinc = fx === 0 ? 1 : Math.sin(Math.PI * fx) / (Math.PI * fx);
      const window =
        0.42 + 0.5 * Math.cos((Math.PI * x) / this.halfWidth) + 0.08 * Math.cos((2 * Math.PI * x) / this.halfWidth);
      this.table[i] = cutoff * sinc * window;
    }
  }

  /** Resamples a chunk of s16le PCM (any byte length); returns the output available so far. */
  push(chunk: Buffer): Buffer {
    const bytes = this.oddByte === undefined ? chunk : Buffer.concat([Buffer.from([this.oddByte]), chunk]);
    this.oddByte = bytes.length % 2 ? bytes[bytes.length - 1] : undefined;
    const count = Math.floor(bytes.length / 2);
    if (this.fromRate === this.toRate) return Buffer.from(bytes.subarray(0, count * 2));
    const merged = new Float32Array(this.history.length + count);
    merged.set(this.history);
    for (let i = 0; i < count; i++) merged[this.history.length + i] = bytes.readInt16LE(i * 2);
    this.history = merged;
    return this.produce();
  }

  /** The last output samples, the input being followed by silence. */
  flush(): Buffer {
    if (this.fromRate === this.toRate) return Buffer.alloc(0);
    const padded = new Float32Array(this.history.length + this.halfWidth);
    padded.set(this.history);
    this.history = padded;
    return this.produce();
  }

  private produce(): Buffer {
    const end = this.historyStart + this.history.length;
    const out: number[] = [];
    while (Math.floor(this.position) + this.halfWidth < end) {
      out.push(this.sample(this.position));
      this.position += this.step;
    }
    const keepFrom = Math.max(this.historyStart, Math.floor(this.position) - this.halfWidth + 1);
    this.history = this.history.slice(keepFrom - this.historyStart);
    this.historyStart = keepFrom;
    const buf = Buffer.alloc(out.length * 2);
    for (let i = 0; i < out.length; i++) {
      buf.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(out[i]))), i * 2);
    }
    return buf;
  }

  private sample(t: number): number {
    const center = Math.floor(t);
    let sum = 0;
    for (let k = center - this.halfWidth + 1; k <= center + this.halfWidth; k++) {
      const i = k - this.historyStart;
      if (i < 0) continue;
      const pos = Math.abs(t - k) * TABLE_STEPS;
      const j = Math.floor(pos);
      const frac = pos - j;
      sum += this.history[i] * (this.table[j] + (this.table[j + 1] - this.table[j]) * frac);
    }
    return sum;
  }
}
