import { runChecked } from '../../../apps/server/src/lib/process';

/** The rate every condition is made at (the engine's own); the telephone band is sent at 8 kHz. */
export const RATE = 16000;
export const PHONE_RATE = 8000;

export function ffmpeg(args: readonly string[], input?: Buffer): Promise<Buffer> {
  return runChecked('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
    input,
    timeoutMs: 120_000,
  });
}

/** Options of ffmpeg for a 16-bit mono WAV without metadata. */
export function wavOutput(rate = RATE): string[] {
  return ['-ar', String(rate), '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact'];
}

/** Any audio file → mono s16le PCM at `rate`. */
export function pcmOf(file: string, rate = RATE): Promise<Buffer> {
  return ffmpeg(['-i', file, '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1']);
}

export function samples(pcm: Buffer): Int16Array {
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

/** RMS of the samples, full scale = 1. */
export function rms(pcm: Buffer): number {
  const s = samples(pcm);
  let sum = 0;
  for (const v of s) sum += v * v;
  return s.length ? Math.sqrt(sum / s.length) / 32768 : 0;
}

export const FRAME_MS = 20;
/** frames quieter than the loudest frame by more than this are pauses, left out of the speech level */
export const ACTIVE_RANGE_DB = 35;

/**
 * The level of the speech itself: RMS over the 20 ms frames within 35 dB of the loudest frame (a simple
 * form of ITU-T P.56's active speech level), so pauses and padding do not lower it. Full scale = 1.
 */
export function activeRms(pcm: Buffer, rate = RATE): number {
  const s = samples(pcm);
  const size = Math.round((rate * FRAME_MS) / 1000);
  const energies: number[] = [];
  for (let i = 0; i + size <= s.length; i += size) {
    let sum = 0;
    for (let j = i; j < i + size; j++) sum += s[j] * s[j];
    energies.push(sum / size);
  }
  const loudest = Math.max(0, ...energies);
  const floor = loudest / 10 ** (ACTIVE_RANGE_DB / 10);
  const active = energies.filter((e) => e > 0 && e >= floor);
  if (!active.length) return 0;
  return Math.sqrt(active.reduce((a, e) => a + e, 0) / active.length) / 32768;
}

export const dB = (ratio: number) => 20 * Math.log10(ratio);

export function countZeros(pcm: Buffer): number {
  let zeros = 0;
  for (const v of samples(pcm)) if (v === 0) zeros++;
  return zeros;
}

/** Sample rate and seconds of a PCM WAV (the chunks are walked: ffmpeg may write more than 44 bytes). */
export function wavInfo(wav: Buffer): { rate: number; seconds: number } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let rate = 0;
  let bytesPerSecond = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      rate = wav.readUInt32LE(at + 12);
      bytesPerSecond = wav.readUInt32LE(at + 16);
    }
    if (id === 'data') {
      const bytes = Math.min(size, wav.length - at - 8);
      return { rate, seconds: bytesPerSecond ? bytes / bytesPerSecond : 0 };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}
