import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runChecked } from '../../apps/server/src/lib/process';

/** The rate the take-sim screen's microphone usually runs at (the audio context's), and the bench's. */
export const RATE = 48000;
/** active speech level every recording is brought to, dBFS (as bench/speech/robustness) */
export const SPEECH_LEVEL_DB = -26;

/** A deterministic generator (mulberry32): the same audio on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 16-bit PCM WAV → float samples and their rate (the chunks are walked). */
export function decodeWav(wav: Buffer): { rate: number; samples: Float32Array } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV');
  let rate = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    let size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      // espeak-ng --stdout writes an unknown size (0x7fffffff)
      size = Math.min(size, wav.length - at - 8);
      return { rate, samples: fromS16(wav.subarray(at + 8, at + 8 + size)) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV without data');
}

export function fromS16(pcm: Buffer): Float32Array {
  const n = Math.floor(pcm.length / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** Linear-interpolation resampling (enough for an energy endpointer). */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input;
  const n = Math.floor((input.length * to) / from);
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i += 1) {
    const pos = i * step;
    const lo = Math.floor(pos);
    const frac = pos - lo;
    out[i] = (input[lo] ?? 0) * (1 - frac) + (input[lo + 1] ?? input[lo] ?? 0) * frac;
  }
  return out;
}

/** where the synthesized speech is kept between runs (synthesis is most of a first run's time) */
const CACHE = path.join(process.env.TAKE_SIM_VAD_CACHE ?? path.join(os.tmpdir(), 'take-sim-vad-cache'));

/** espeak-ng speaking `text` in a voice at `wpm` words a minute, at RATE (kept in the cache). */
export async function espeak(text: string, voice: string, wpm: number): Promise<Float32Array> {
  const key = createHash('sha256').update(`espeak\0${voice}\0${wpm}\0${RATE}\0${text}`).digest('hex').slice(0, 32);
  const file = path.join(CACHE, `${key}.f32`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Float32Array(kept.buffer, kept.byteOffset, kept.length / 4).slice();
  const wav = await runChecked('espeak-ng', ['-v', voice, '-s', String(wpm), '--stdout', text], { timeoutMs: 60_000 });
  const { rate, samples } = decodeWav(wav);
  const out = resample(samples, rate, RATE);
  await mkdir(CACHE, { recursive: true });
  await writeFile(file, Buffer.from(out.buffer, out.byteOffset, out.byteLength));
  return out;
}

/** A human recording (WAV, or raw 16 kHz s16le), at RATE. */
export async function recording(file: string, raw = false): Promise<Float32Array> {
  const bytes = await readFile(file);
  if (raw) return resample(fromS16(bytes), 16000, RATE);
  const { rate, samples } = decodeWav(bytes);
  return resample(samples, rate, RATE);
}

const FRAME = Math.round(RATE / 100); // 10 ms

function frameEnergies(samples: Float32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + FRAME <= samples.length; i += FRAME) {
    let sum = 0;
    for (let j = i; j < i + FRAME; j += 1) sum += (samples[j] ?? 0) ** 2;
    out.push(sum / FRAME);
  }
  return out;
}

const toDb = (power: number) => (power > 1e-12 ? 10 * Math.log10(power) : -120);

/** The level of the speech itself (frames within 35 dB of the loudest), dBFS, as bench/speech/robustness. */
export function activeLevelDb(samples: Float32Array): number {
  const energies = frameEnergies(samples);
  const loudest = Math.max(0, ...energies);
  const active = energies.filter((e) => e > 0 && e >= loudest / 10 ** 3.5);
  return toDb(active.reduce((a, e) => a + e, 0) / Math.max(1, active.length));
}

export function gain(samples: Float32Array, db: number): Float32Array {
  const g = 10 ** (db / 20);
  return samples.map((s) => s * g);
}

/** The recording brought to SPEECH_LEVEL_DB. */
export function leveled(samples: Float32Array): Float32Array {
  return gain(samples, SPEECH_LEVEL_DB - activeLevelDb(samples));
}

/**
 * Where the speech is, by an oracle that sees the clean recording: 10 ms frames louder than both 40 dB
 * under the active level and 12 dB over the recording's own quietest tenth. Answers [start, end) in samples.
 */
export function speechRegions(samples: Float32Array, minGapMs = 60): [number, number][] {
  const energies = frameEnergies(samples);
  const active = activeLevelDb(samples);
  const sorted = energies.map(toDb).sort((a, b) => a - b);
  const quiet = sorted[Math.floor(sorted.length * 0.1)] ?? -120;
  const threshold = Math.max(active - 40, quiet + 12);
  const regions: [number, number][] = [];
  energies.forEach((e, i) => {
    if (toDb(e) < threshold) return;
    const start = i * FRAME;
    const last = regions.at(-1);
    if (last && start - last[1] <= (minGapMs / 1000) * RATE) last[1] = start + FRAME;
    else regions.push([start, start + FRAME]);
  });
  return regions;
}

/** The speech only: the recording from its first to its last speech frame. */
export function trimmed(samples: Float32Array): Float32Array {
  const regions = speechRegions(samples);
  const first = regions[0];
  const last = regions.at(-1);
  if (!first || !last) return samples;
  return samples.slice(first[0], last[1]);
}

export const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

export function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Pink noise (Paul Kellet's filter over white noise) at an RMS level, dBFS. */
export function pinkNoise(length: number, levelDb: number, seed: number): Float32Array {
  const random = seeded(seed);
  const out = new Float32Array(length);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  let b4 = 0;
  let b5 = 0;
  let b6 = 0;
  let sum = 0;
  for (let i = 0; i < length; i += 1) {
    const white = random() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    const pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
    out[i] = pink;
    sum += pink * pink;
  }
  const rms = Math.sqrt(sum / Math.max(1, length));
  const g = rms > 0 ? 10 ** (levelDb / 20) / rms : 0;
  for (let i = 0; i < length; i += 1) out[i] = (out[i] ?? 0) * g;
  return out;
}

/** The recording with noise added over all of it. */
export function withNoise(samples: Float32Array, noiseDb: number, seed: number): Float32Array {
  const noise = pinkNoise(samples.length, noiseDb, seed);
  return samples.map((s, i) => s + (noise[i] ?? 0));
}
