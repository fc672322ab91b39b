/**
 * Whether a live speech stream and an uploaded recording are the same take (issue 30, item 4): the line may
 * be graded from the stream's decode only when the server can show that the recording the reviewer plays is
 * the audio the stream heard. Both are reduced to 16 kHz mono PCM and compared by their short-time envelopes
 * (20 ms frames): the loudness contour (log energy) at the best of a few small shifts, its changes from frame
 * to frame (onsets, decays), and, on the frames where both are loud, the spectral tilt (the energy of the
 * first difference over the energy, high against low frequencies). The browser
 * captures the same microphone twice (PCM for the stream, WebM/Opus for the upload, started a little
 * apart), so the comparison allows a small lag and a small difference in length; codecs keep both contours.
 * Silence, another recording, the same words reversed, or noise shaped like the reading do not match.
 * Pure: no I/O.
 */

export const STREAM_MATCH = {
  sampleRate: 16_000,
  /** 20 ms frames */
  frameSamples: 320,
  /**
   * the shifts searched between the two captures: the browser starts the recorder first and the stream's
   * capture a little later, so the upload leads (a positive lag) by up to the coverage slack
   */
  minLagSeconds: -0.1,
  maxLagSeconds: 0.5,
  /** the largest difference in length (the coverage rule of the grading job allows as much) */
  maxLengthGapSeconds: 0.75,
  /** the loudness contours must correlate at least this well at the best lag (the same take: 0.99 and more) */
  minEnergyCorrelation: 0.9,
  /** their frame-to-frame changes (onsets and decays: a reversed copy fails here) at least this well */
  minOnsetCorrelation: 0.8,
  /** and the spectral tilt, on the frames loud in both, at least this well */
  minTiltCorrelation: 0.7,
  /** a frame's log energy is floored here (dBFS) and at the recording's loudest frame minus rangeDb */
  floorDb: -70,
  rangeDb: 50,
  /** a recording whose loudness varies less than this (standard deviation, dB) holds no speech to compare */
  minSpreadDb: 3,
  /** frames within this of the loudest are "loud" (the tilt is compared on those) */
  loudDb: 25,
  /** at least this many loud frames in common (0.5 s of speech) */
  minLoudFrames: 25,
} as const;

const M = STREAM_MATCH;
const FULL_SCALE_SQUARED = 32768 * 32768;

/** The per-frame features of a recording: log energy (dBFS) and spectral tilt (dB). */
export interface Envelope {
  energy: Float32Array;
  tilt: Float32Array;
}

/** Builds the envelope of 16 kHz s16le PCM pushed in chunks of any size; at most maxFrames frames are kept. */
export class EnvelopeBuilder {
  private readonly energy: number[] = [];
  private readonly tilt: number[] = [];
  private sum = 0;
  private diffSum = 0;
  private count = 0;
  private previous = 0;
  private oddByte: number | undefined;

  constructor(private readonly maxFrames = Number.POSITIVE_INFINITY) {}

  push(chunk: Buffer): void {
    const bytes = this.oddByte === undefined ? chunk : Buffer.concat([Buffer.from([this.oddByte]), chunk]);
    this.oddByte = bytes.length % 2 ? bytes[bytes.length - 1] : undefined;
    const samples = Math.floor(bytes.length / 2);
    for (let i = 0; i < samples; i++) {
      if (this.energy.length >= this.maxFrames) return;
      const x = bytes.readInt16LE(i * 2);
      const d = x - this.previous;
      this.previous = x;
      this.sum += x * x;
      this.diffSum += d * d;
      this.count += 1;
      if (this.count === M.frameSamples) this.closeFrame();
    }
  }

  /** The frames so far (a last partial frame is left out). */
  envelope(): Envelope {
    return { energy: Float32Array.from(this.energy), tilt: Float32Array.from(this.tilt) };
  }

  get seconds(): number {
    return (this.energy.length * M.frameSamples) / M.sampleRate;
  }

  private closeFrame() {
    const mean = this.sum / M.frameSamples / FULL_SCALE_SQUARED;
    this.energy.push(10 * Math.log10(mean + 1e-12));
    this.tilt.push(10 * Math.log10((this.diffSum + 1) / (this.sum + 1)));
    this.sum = 0;
    this.diffSum = 0;
    this.count = 0;
  }
}

/** The envelope of a whole recording (16 kHz s16le PCM). */
export function envelopeOf(pcm: Buffer): Envelope {
  const builder = new EnvelopeBuilder();
  builder.push(pcm);
  return builder.envelope();
}

export interface TakeMatch {
  same: boolean;
  /** why not, for the log (null when the same) */
  reason: 'length' | 'no speech' | 'loudness' | 'onsets' | 'tilt' | null;
  /** the loudness contours' correlation at the best lag, and that lag (s; positive: the upload leads) */
  energyCorrelation: number;
  onsetCorrelation: number;
  tiltCorrelation: number;
  lagSeconds: number;
  liveSeconds: number;
  uploadSeconds: number;
}

const FRAME_SECONDS = M.frameSamples / M.sampleRate;

/** Log energy floored (absolute and relative to the loudest frame), so that silence and noise compare alike. */
function floored(energy: Float32Array): Float32Array {
  const floor = Math.max(M.floorDb, peak(energy) - M.rangeDb);
  return energy.map((e) => Math.max(e, floor));
}

function peak(values: Float32Array): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > max) max = v;
  return max;
}

function spread(values: Float32Array): number {
  if (values.length === 0) return 0;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  return Math.sqrt(sq / values.length);
}

/** Pearson correlation of pairs; 0 when either side does not vary. */
function correlation(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** The change of each frame from the one before. */
function changes(values: Float32Array): Float32Array {
  return values.length < 2 ? new Float32Array(0) : values.subarray(1).map((v, i) => v - values[i]);
}

/** The frames of a and b that overlap when b is shifted by lag frames (b[i + lag] against a[i]). */
function overlap(a: Float32Array, b: Float32Array, lag: number): [Float32Array, Float32Array] {
  const start = Math.max(0, -lag);
  const end = Math.min(a.length, b.length - lag);
  if (end <= start) return [new Float32Array(0), new Float32Array(0)];
  return [a.subarray(start, end), b.subarray(start + lag, end + lag)];
}

/** Whether the live stream's envelope and the upload's are the same take (see the top of the file). */
export function sameTake(live: Envelope, upload: Envelope): TakeMatch {
  const liveSeconds = live.energy.length * FRAME_SECONDS;
  const uploadSeconds = upload.energy.length * FRAME_SECONDS;
  const result = (
    reason: TakeMatch['reason'],
    energyCorrelation = 0,
    lag = 0,
    onsetCorrelation = 0,
    tiltCorrelation = 0,
  ): TakeMatch => ({
    same: reason === null,
    reason,
    energyCorrelation,
    onsetCorrelation,
    tiltCorrelation,
    lagSeconds: lag * FRAME_SECONDS,
    liveSeconds,
    uploadSeconds,
  });
  if (Math.abs(liveSeconds - uploadSeconds) > M.maxLengthGapSeconds) return result('length');
  const a = floored(live.energy);
  const b = floored(upload.energy);
  if (spread(a) < M.minSpreadDb || spread(b) < M.minSpreadDb) return result('no speech');

  const minLag = Math.round(M.minLagSeconds / FRAME_SECONDS);
  const maxLag = Math.round(M.maxLagSeconds / FRAME_SECONDS);
  let best = { r: Number.NEGATIVE_INFINITY, lag: 0 };
  for (let lag = minLag; lag <= maxLag; lag++) {
    const [x, y] = overlap(a, b, lag);
    // the overlap must hold nearly all of the shorter recording
    if (x.length < Math.min(a.length, b.length) - maxLag) continue;
    const r = correlation(x, y);
    if (r > best.r) best = { r, lag };
  }
  if (!(best.r >= M.minEnergyCorrelation)) return result('loudness', Math.max(best.r, 0), best.lag);

  // at that lag: the changes from frame to frame, then the spectral tilt on the frames loud in both
  const [ea, eb] = overlap(a, b, best.lag);
  const onsets = correlation(changes(ea), changes(eb));
  if (!(onsets >= M.minOnsetCorrelation)) return result('onsets', best.r, best.lag, onsets);
  const [ta, tb] = overlap(live.tilt, upload.tilt, best.lag);
  const maxA = peak(ea);
  const maxB = peak(eb);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < ea.length; i++) {
    if (ea[i] >= maxA - M.loudDb && eb[i] >= maxB - M.loudDb) {
      xs.push(ta[i]);
      ys.push(tb[i]);
    }
  }
  if (xs.length < M.minLoudFrames) return result('no speech', best.r, best.lag, onsets);
  const tilt = correlation(xs, ys);
  if (!(tilt >= M.minTiltCorrelation)) return result('tilt', best.r, best.lag, onsets, tilt);
  return result(null, best.r, best.lag, onsets, tilt);
}
